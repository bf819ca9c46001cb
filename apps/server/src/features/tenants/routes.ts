import { schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';

const DetailsBody = z.object({ tenantId: z.uuid() }).strict();

export const tenantRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // R-SHELL-044: the tenant object for tab activation. Another tenant's id answers 404 (RLS would hide
  // the row anyway; the explicit check keeps the answer the same on every engine).
  app.post('/api/tenant/details', { schema: { tags: ['tenant'], body: DetailsBody } }, async (request) => {
    const ctx = contextOf(request);
    if (request.body.tenantId !== ctx.tenantId) throw notFound('Tenant');
    return runInTenant(db, ctx, async (tx) => {
      const [t] = await tx.select().from(schema.tenants).where(eq(schema.tenants.id, request.body.tenantId));
      if (!t) throw notFound('Tenant');
      return {
        tenant: {
          tenantId: t.id,
          name: t.name,
          tenantType: t.type,
          slug: t.slug,
          idPrefix: t.idPrefix,
          profComplted: t.profComplted,
          ...(t.profile as Record<string, unknown>),
        },
      };
    });
  });
};
