import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import { CaseIdBodySchema } from '@caseport/domain/cases/contracts';
import {
  DeclineBodySchema,
  EnvelopeListSchema,
  EnvelopeQuerySchema,
  EnvelopeSendBodySchema,
  EnvelopeSendDocumentBodySchema,
  EnvelopeSentSchema,
  EnvelopeSignedSchema,
  SignBodySchema,
  SigningIdBodySchema,
  SigningListBodySchema,
  SigningListSchema,
} from '@caseport/domain/cases/envelopes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { originOf } from '../../platform/one-time-links';
import { deliverQueued } from '../../platform/owner-notice';
import {
  cancelEnvelope,
  declineEnvelope,
  envelopeFile,
  listCaseEnvelopes,
  sendCaseDocument,
  sendEnvelope,
  signEnvelope,
  signingDocument,
  signingList,
} from './envelopes-service';

const tags = ['cases'];

/**
 * Issue 35 item 3: documents signed. The firm (roles 3, 4) sends (a template, or a PDF document of the case), lists,
 * cancels and downloads a case's envelopes; the people outside the firm (11, 12, 50, 51) list what they are to sign, open, sign or decline.
 */
export const envelopeRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, storage, mailer, publicUrl, signer },
) => {
  const deliver = deliverQueued(db, mailer, clock);
  app.post(
    '/api/cases/envelopes/list',
    { schema: { tags, body: CaseIdBodySchema, response: responses(EnvelopeListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => listCaseEnvelopes(tx, ctx, storage, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/envelopes/send',
    { schema: { tags, body: EnvelopeSendBodySchema, response: responses(EnvelopeSentSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      const origin = originOf(request, publicUrl);
      return deliver(await runInTenant(db, ctx, (tx) => sendEnvelope(tx, ctx, storage, request.body, origin)));
    },
  );
  app.post(
    '/api/cases/envelopes/send-document',
    { schema: { tags, body: EnvelopeSendDocumentBodySchema, response: responses(EnvelopeSentSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      const origin = originOf(request, publicUrl);
      return deliver(await runInTenant(db, ctx, (tx) => sendCaseDocument(tx, ctx, storage, request.body, origin)));
    },
  );
  app.post(
    '/api/cases/envelopes/cancel',
    { schema: { tags, body: EnvelopeQuerySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Envelope');
      const { caseId, envelopeId } = request.body;
      return runInTenant(db, ctx, (tx) => cancelEnvelope(tx, ctx, clock, caseId, envelopeId));
    },
  );
  app.post(
    '/api/cases/envelopes/download',
    { schema: { tags, body: EnvelopeQuerySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Envelope');
      const { caseId, envelopeId } = request.body;
      const { filename, data } = await readInTenant(db, ctx, (tx) =>
        envelopeFile(tx, ctx, storage, caseId, envelopeId),
      );
      reply.headers(fileHeaders('application/pdf', 'attachment', filename));
      return reply.send(data);
    },
  );

  // The signer's side.
  app.post(
    '/api/signing/list',
    { schema: { tags, body: SigningListBodySchema, response: responses(SigningListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => signingList(tx, ctx));
    },
  );
  app.post(
    '/api/signing/document',
    { schema: { tags, body: SigningIdBodySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Envelope');
      const { filename, data } = await runInTenant(db, ctx, (tx) =>
        signingDocument(tx, ctx, storage, clock, request.body.envelopeId),
      );
      reply.headers(fileHeaders('application/pdf', 'inline', filename));
      return reply.send(data);
    },
  );
  app.post(
    '/api/signing/sign',
    { schema: { tags, body: SignBodySchema, response: responses(EnvelopeSignedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Envelope');
      const origin = originOf(request, publicUrl);
      return deliver(
        await runInTenant(db, ctx, (tx) =>
          signEnvelope(tx, ctx, { storage, clock, signer }, request.body, { ip: request.ip, origin }),
        ),
      );
    },
  );
  app.post(
    '/api/signing/decline',
    { schema: { tags, body: DeclineBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Envelope');
      return runInTenant(db, ctx, (tx) => declineEnvelope(tx, ctx, clock, request.body));
    },
  );
};
