import { responses } from '@caseport/domain/api/responses';
import {
  PersonCreateBodySchema,
  PersonDetailsBodySchema,
  PersonListBodySchema,
  PersonListSchema,
  PersonSavedSchema,
  PersonSchema,
  PersonSimilarBodySchema,
  PersonSimilarSchema,
  PersonUpdateBodySchema,
} from '@caseport/domain/people/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { createPerson, listPeople, personDetails, similarPeople, updatePerson } from './people-service';

const tags = ['people'];

/** Issue 34: the people of the tenant's cases (beneficiaries, applicants, sponsors), for roles 3 and 4. */
export const peopleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/people/list',
    { schema: { tags, body: PersonListBodySchema, response: responses(PersonListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => listPeople(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/people/details',
    { schema: { tags, body: PersonDetailsBodySchema, response: responses(PersonSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Person');
      return readInTenant(db, ctx, (tx) => personDetails(tx, ctx, request.body.personId));
    },
  );
  app.post(
    '/api/people/similar',
    { schema: { tags, body: PersonSimilarBodySchema, response: responses(PersonSimilarSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => similarPeople(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/people/create',
    { schema: { tags, body: PersonCreateBodySchema, response: responses(PersonSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => createPerson(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/people/update',
    { schema: { tags, body: PersonUpdateBodySchema, response: responses(PersonSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Person');
      return runInTenant(db, ctx, (tx) => updatePerson(tx, ctx, clock, request.body));
    },
  );
};
