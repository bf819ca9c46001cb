import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  CompanyDataUpdateSchema,
  DeleteDocumentBodySchema,
  EverifySavedSchema,
  EverifyUpdateBodySchema,
  PetitionerDetailsSchema,
  PetitionerProfileSavedSchema,
  PetitionerProfileUpdateSchema,
  TenantProfileSavedSchema,
  TenantProfileUpdateSchema,
} from '@caseport/domain/profile/contracts';
import { PROFILE_MESSAGES as M } from '@caseport/domain/profile/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as service from './service';

const UNIQUE_FIELDS: Record<string, { name: string; message: string }> = {
  tenants_slug_unique: { name: 'slug', message: M.accountDomainTaken },
  tenants_id_prefix_unique: { name: 'idPrefix', message: M.shortCodeTaken },
};

/** Postgres unique_violation (23505) on one of the cross-tenant unique columns → 409, not a 500. */
const asDuplicate = (error: unknown): never => {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    const field = code === '23505' && constraint ? UNIQUE_FIELDS[constraint] : undefined;
    if (field) throw new AppError('DUPLICATE', field.message, [field]);
    e = (e as { cause?: unknown }).cause;
  }
  throw error;
};

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  // R-PROFILE-021/040 (000 §7 "Update tenant profile", path per D-06): the full Company Details payload.
  app.post(
    '/api/tenant/update-profile',
    { schema: { tags: ['tenant'], body: TenantProfileUpdateSchema, response: responses(TenantProfileSavedSchema) } },
    async (request) =>
      runInTenant(db, contextOf(request), (tx, ctx) => service.updateTenantProfile(tx, ctx, request.body)).catch(
        asDuplicate,
      ),
  );

  // R-PROFILE-037: POST /tenant/update-everify-client-id {tenantId, eVerifyClientId}.
  app.post(
    '/api/tenant/update-everify-client-id',
    { schema: { tags: ['tenant'], body: EverifyUpdateBodySchema, response: responses(EverifySavedSchema) } },
    async (request) =>
      runInTenant(db, contextOf(request), (tx, ctx) => service.updateEverifyClientId(tx, ctx, request.body)),
  );

  // R-PROFILE-036: role 12's logo and address go to the company data.
  app.post(
    '/api/tenant/update-company-data',
    { schema: { tags: ['tenant'], body: CompanyDataUpdateSchema, response: messageResponses } },
    async (request) =>
      runInTenant(db, contextOf(request), (tx, ctx) => service.updateCompanyData(tx, ctx, request.body)),
  );

  // R-PROFILE-046: deleting a document also removes the file (bytes removed once the rows are gone).
  app.post(
    '/api/tenant/delete-document',
    { schema: { tags: ['tenant'], body: DeleteDocumentBodySchema, response: messageResponses } },
    async (request) => {
      const path = await runInTenant(db, contextOf(request), (tx, ctx) =>
        service.deleteDocument(tx, ctx, request.body.path),
      );
      await storage.remove(path);
      return { message: 'Document deleted successfully' };
    },
  );

  // D-04: role 50's petitioner profile screen.
  app.post(
    '/api/petitioner/details',
    { schema: { tags: ['petitioner'], body: z.object({}).strict(), response: responses(PetitionerDetailsSchema) } },
    async (request) => runInTenant(db, contextOf(request), (tx, ctx) => service.loadPetitionerProfile(tx, ctx)),
  );
  app.post(
    '/api/petitioner/update-profile',
    {
      schema: {
        tags: ['petitioner'],
        body: PetitionerProfileUpdateSchema,
        response: responses(PetitionerProfileSavedSchema),
      },
    },
    async (request) =>
      runInTenant(db, contextOf(request), (tx, ctx) => service.updatePetitionerProfile(tx, ctx, request.body)),
  );
};
