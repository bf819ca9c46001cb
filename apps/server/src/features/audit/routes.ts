import { responses } from '@caseport/domain/api/responses';
import { AuditEntitiesSchema, AuditListBodySchema, AuditListResponseSchema } from '@caseport/domain/audit/contracts';
import { EmptyBodySchema } from '@caseport/domain/auth/mfa';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { auditEntities, listAudit } from './repository';

const tags = ['audit'];

/** The tenant's audit trail for its administrator (issue 16). */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/audit/list',
    { schema: { tags, body: AuditListBodySchema, response: responses(AuditListResponseSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), (tx, ctx) => listAudit(tx, ctx.tenantId as string, request.body)),
  );
  app.post(
    '/api/audit/entities',
    { schema: { tags, body: EmptyBodySchema, response: responses(AuditEntitiesSchema) } },
    async (request) => readInTenant(db, contextOf(request), (tx, ctx) => auditEntities(tx, ctx.tenantId as string)),
  );
};
