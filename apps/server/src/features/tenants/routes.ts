import { responses } from '@caseport/domain/api/responses';
import { TenantDetailsSchema } from '@caseport/domain/profile/contracts';
import { tenantProfileFor } from '@caseport/domain/profile/visibility';
import { SetupProgressSchema, setupProgress } from '@caseport/domain/settings/setup';
import { TenantListBodySchema, TenantListSchema } from '@caseport/domain/tenants/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingContextOf, contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { loadTenantProfile } from '../profile/service';
import { listTenants, readSetupFacts } from './repository';

const DetailsBody = z.object({ tenantId: z.uuid() }).strict();

export const tenantRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // R-SHELL-044: the tenant object for tab activation; R-WF-080: the workflow area's tenant details.
  // Roles 1 and 2 read the tenant they act on (D-02); for everyone else another tenant's id answers 404
  // (RLS would hide the row anyway; the explicit check keeps the answer the same on every engine).
  app.post(
    '/api/tenant/details',
    { schema: { tags: ['tenant'], body: DetailsBody, response: responses(TenantDetailsSchema) } },
    async (request) => {
      const ctx = await actingContextOf(request, db, request.body.tenantId);
      if (request.body.tenantId !== ctx.tenantId) throw notFound('Tenant');
      // R-PROFILE-039: the tenant object of 000 §3, built by the profile area; R-PROFILE-001: its
      // administrative fields only for role 3 and the platform roles.
      return runInTenant(db, ctx, async (tx) => ({
        tenant: tenantProfileFor(ctx.principal.roleId, await loadTenantProfile(tx, ctx, request.body.tenantId)),
      }));
    },
  );

  // D-01, issue 15: where the tenant's first-time setup stands. Derived from the data on every call, never
  // stored, so a step is done only when its condition holds (the browser cannot mark one done).
  app.post(
    '/api/tenant/setup-progress',
    { schema: { tags: ['tenant'], body: z.object({}).strict(), response: responses(SetupProgressSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), async (tx, ctx) =>
        setupProgress('basic-settings', await readSetupFacts(tx, ctx.tenantId as string)),
      ),
  );

  // 001 §7: the customer picker of roles 1 and 2 (D-02); `{ list, totalCount }` like every list.
  app.post(
    '/api/tenant/list',
    { schema: { tags: ['tenant'], body: TenantListBodySchema, response: responses(TenantListSchema) } },
    async (request) => readInTenant(db, contextOf(request), (tx) => listTenants(tx, request.body)),
  );
};
