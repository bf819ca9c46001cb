import { paymentResponses } from '@caseport/domain/api/responses';
import { SandboxTokenBodySchema, SandboxTokenSchema } from '@caseport/domain/billing/cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';

/**
 * D-26: the sandbox processor's tokenization endpoint, under its own prefix as a processor's would be. It is
 * the only route that ever receives a card number or CVC; it writes nothing to the database and the request
 * log never carries bodies. Present only while the sandbox is the provider.
 */
export const paymentsSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { sandbox }) => {
  app.post(
    '/api/payments-sandbox/tokens',
    {
      schema: {
        tags: ['payments-sandbox'],
        body: SandboxTokenBodySchema,
        response: paymentResponses(SandboxTokenSchema),
      },
    },
    async (request, reply) => {
      if (!sandbox) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
      reply.header('Cache-Control', 'no-store');
      // Issue 39: the token is made for this tenant and user; attaching it anywhere else finds no card.
      const ctx = contextOf(request);
      if (!ctx.tenantId) throw notFound('Subscriber');
      return sandbox.tokenize(request.body, { tenantId: ctx.tenantId, userId: ctx.principal.userId });
    },
  );
};
