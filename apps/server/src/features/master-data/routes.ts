import { MasterDataListBodySchema } from '@caseport/domain/master-data/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listMasterData } from './repository';

export const masterDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // R-API-018, 000 §7: { list } of the category, filtered by the matcher.
  app.post('/api/masterdata/list', { schema: { tags: ['master-data'], body: MasterDataListBodySchema } }, async (request) => {
    const list = await runInTenant(db, contextOf(request), (tx) => listMasterData(tx, request.body));
    return { list };
  });
};
