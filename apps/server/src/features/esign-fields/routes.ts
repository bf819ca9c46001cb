import { fileResponses, responses } from '@caseport/domain/api/responses';
import {
  EsignFieldsQuerySchema,
  EsignFieldsSaveBodySchema,
  EsignFieldsSavedSchema,
  EsignFieldsSchema,
  EsignPreviewQuerySchema,
} from '@caseport/domain/esign-fields/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { flattenedPreview, getFields, saveFields } from './service';

/** Issue 20: the e-sign preparation page's calls (R-ESIGN-011's frame; docs/decisions.md, E-sign fields). */
export const esignFieldRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  const tags = ['templates'];
  app.post(
    '/api/pdf-sign/template-fields',
    { schema: { tags, body: EsignFieldsQuerySchema, response: responses(EsignFieldsSchema) } },
    (r) => runInTenant(db, contextOf(r), (tx, ctx) => getFields(tx, ctx, storage, r.body.templateId)),
  );
  app.post(
    '/api/pdf-sign/save-template-fields',
    { schema: { tags, body: EsignFieldsSaveBodySchema, response: responses(EsignFieldsSavedSchema) } },
    (r) => runInTenant(db, contextOf(r), (tx, ctx) => saveFields(tx, ctx, storage, clock, r.body)),
  );
  app.get(
    '/api/pdf-sign/flattened-preview',
    { schema: { tags, querystring: EsignPreviewQuerySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const { templateId, download } = request.query;
      const pdf = await runInTenant(db, contextOf(request), (tx, ctx) =>
        flattenedPreview(tx, ctx, storage, templateId),
      );
      const name = `${pdf.name.replace(/\.pdf$/i, '')} - fields preview.pdf`;
      return reply
        .headers(fileHeaders('application/pdf', download === '1' ? 'attachment' : 'inline', name))
        .send(pdf.data);
    },
  );
};
