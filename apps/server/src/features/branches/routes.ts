import { responses } from '@caseport/domain/api/responses';
import {
  BranchAnswerSchema,
  BranchCreateBodySchema,
  BranchDetailsSchema,
  BranchIdBodySchema,
  BranchListBodySchema,
  BranchListResponseSchema,
  BranchUpdateBodySchema,
} from '@caseport/domain/branches/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import * as service from './service';

const tags = ['branches'];

/** Branches of the caller's tenant (tabs branchList / branchCreate / branchDetails, 000 §2; issue 16). */
export const branchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/branches/list',
    { schema: { tags, body: BranchListBodySchema, response: responses(BranchListResponseSchema) } },
    async (request) => readInTenant(db, contextOf(request), (tx, ctx) => service.listBranches(tx, ctx, request.body)),
  );

  app.post(
    '/api/branches/details',
    { schema: { tags, body: BranchIdBodySchema, response: responses(BranchDetailsSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), (tx, ctx) => service.branchDetails(tx, ctx, request.body.branchId)),
  );

  app.post(
    '/api/branches/create',
    { schema: { tags, body: BranchCreateBodySchema, response: responses(BranchAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const branch = await service.asNameTaken(() =>
        runInTenant(db, ctx, (tx) => service.createBranch(tx, ctx, clock, request.body)),
      );
      return { message: 'Branch created successfully', branch };
    },
  );

  app.post(
    '/api/branches/update',
    { schema: { tags, body: BranchUpdateBodySchema, response: responses(BranchAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const branch = await service.asNameTaken(() =>
        runInTenant(db, ctx, (tx) => service.updateBranch(tx, ctx, clock, request.body)),
      );
      return { message: 'Branch updated successfully', branch };
    },
  );
};
