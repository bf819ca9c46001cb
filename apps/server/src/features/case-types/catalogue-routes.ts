import { responses } from '@caseport/domain/api/responses';
import {
  CatalogueListBodySchema,
  CatalogueListSchema,
  CatalogueSavedSchema,
  CatalogueSubTypeSaveBodySchema,
  CatalogueTypeSaveBodySchema,
} from '@caseport/domain/case-types/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listCatalogue, saveCatalogueSubType, saveCatalogueType } from './catalogue-service';

/** The OpenAPI tag these routes have always had (the generated client and docs/routes.md keep it). */
const tags = ['platform-library'];

/** Issue 21: the platform's case-type catalogue (Case Types tab; role 1 changes it). */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/case-catalogue/list',
    { schema: { tags, body: CatalogueListBodySchema, response: responses(CatalogueListSchema) } },
    (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listCatalogue(tx, ctx, request.body.searchString));
    },
  );
  app.post(
    '/api/case-catalogue/save-type',
    { schema: { tags, body: CatalogueTypeSaveBodySchema, response: responses(CatalogueSavedSchema) } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => saveCatalogueType(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/case-catalogue/save-sub-type',
    { schema: { tags, body: CatalogueSubTypeSaveBodySchema, response: responses(CatalogueSavedSchema) } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => saveCatalogueSubType(tx, ctx, request.body));
    },
  );
};
