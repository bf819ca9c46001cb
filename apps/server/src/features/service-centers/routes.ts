import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  CourierListSchema,
  ServiceCenterCreateBodySchema,
  ServiceCenterCreatedSchema,
  ServiceCenterDetailsSchema,
  ServiceCenterIdBodySchema,
  ServiceCenterListBodySchema,
  ServiceCenterListSchema,
  ServiceCenterUpdateBodySchema,
} from '@caseport/domain/service-centers/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listCouriers } from './repository';
import * as service from './service';

const tags = ['service-centers'];

/** 001 §7 Service centers (D-06: POST under /api). */
export const serviceCenterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/service-centers/list',
    { schema: { tags, body: ServiceCenterListBodySchema, response: responses(ServiceCenterListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => service.listServiceCenters(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/service-centers/create',
    { schema: { tags, body: ServiceCenterCreateBodySchema, response: responses(ServiceCenterCreatedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => service.createServiceCenter(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/service-centers/update',
    { schema: { tags, body: ServiceCenterUpdateBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => service.updateServiceCenter(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/service-centers/delete',
    { schema: { tags, body: ServiceCenterIdBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => service.deleteServiceCenter(tx, ctx, request.body.serviceCenterId));
    },
  );
  app.post(
    '/api/service-centers/details',
    { schema: { tags, body: ServiceCenterIdBodySchema, response: responses(ServiceCenterDetailsSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => service.serviceCenterDetails(tx, ctx, request.body.serviceCenterId));
    },
  );
  // R-SVC-030: the couriers offered in the address blocks.
  app.post(
    '/api/tracking/courierlist',
    { schema: { tags, body: z.object({}).strict().optional(), response: responses(CourierListSchema) } },
    async (request) => {
      const list = await readInTenant(db, contextOf(request), (tx) => listCouriers(tx));
      return { list };
    },
  );
};
