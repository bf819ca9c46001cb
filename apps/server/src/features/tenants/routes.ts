import { responses } from '@caseport/domain/api/responses';
import { TenantDetailsSchema } from '@caseport/domain/profile/contracts';
import { tenantProfileFor } from '@caseport/domain/profile/visibility';
import { SetupProgressSchema } from '@caseport/domain/settings/setup';
import {
  TenantCreateAnswerSchema,
  TenantCreateBodySchema,
  TenantListBodySchema,
  TenantListSchema,
  TenantStatusAnswerSchema,
  TenantStatusBodySchema,
} from '@caseport/domain/tenants/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingContextOf, contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { deliver, originOf } from '../../platform/one-time-links';
import { asEmailTaken, refuseTakenEmail } from '../../platform/users';
import { listTenants } from './repository';
import { createTenant, endTenantSessions, readSetupProgress, setTenantStatus } from './service';

const DetailsBody = z.object({ tenantId: z.uuid() }).strict();

export const tenantRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, mailer, publicUrl, storage, tenantAreas },
) => {
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
        tenant: tenantProfileFor(
          ctx.principal.roleId,
          await tenantAreas.loadTenantProfile(tx, ctx, request.body.tenantId),
        ),
      }));
    },
  );

  // D-01, issue 15: where the tenant's first-time setup stands. Derived from the data on every call, never
  // stored, so a step is done only when its condition holds (the browser cannot mark one done).
  app.post(
    '/api/tenant/setup-progress',
    { schema: { tags: ['tenant'], body: z.object({}).strict(), response: responses(SetupProgressSchema) } },
    async (request) => readInTenant(db, contextOf(request), (tx, ctx) => readSetupProgress(tx, ctx.tenantId as string)),
  );

  // 001 §7: the customer picker of roles 1 and 2 (D-02); `{ list, totalCount }` like every list.
  // Issue 16: the tenant list of roles 1 and 2 (search, type, status) uses the same route.
  app.post(
    '/api/tenant/list',
    { schema: { tags: ['tenant'], body: TenantListBodySchema, response: responses(TenantListSchema) } },
    async (request) => readInTenant(db, contextOf(request), (tx) => listTenants(tx, request.body)),
  );

  // Issue 16: role 1 creates a law firm or petitioner company and invites its first admin.
  app.post(
    '/api/tenant/create',
    { schema: { tags: ['tenant'], body: TenantCreateBodySchema, response: responses(TenantCreateAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      await refuseTakenEmail(db, request.body.adminEmail);
      const { tenant, mail } = await asEmailTaken(() =>
        runInTenant(db, ctx, (tx) =>
          createTenant(tx, ctx, clock, storage, request.body, originOf(request, publicUrl), tenantAreas),
        ),
      );
      const delivery = await deliver(db, mailer, mail, clock());
      return { message: 'Tenant created', tenant, delivery };
    },
  );

  // Issue 16: suspend (its users' sessions end, sign-in refused) or reactivate a tenant.
  app.post(
    '/api/tenant/manage-status',
    { schema: { tags: ['tenant'], body: TenantStatusBodySchema, response: responses(TenantStatusAnswerSchema) } },
    async (request) => {
      const ctx = await actingContextOf(request, db, request.body.tenantId);
      const tenant = await runInTenant(db, ctx, (tx) => setTenantStatus(tx, ctx, clock, request.body));
      if (!request.body.active) await endTenantSessions(db, tenant._id);
      return { message: request.body.active ? 'Tenant reactivated' : 'Tenant suspended', tenant };
    },
  );
};
