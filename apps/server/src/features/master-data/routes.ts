import { responses } from '@caseport/domain/api/responses';
import { INVOICE_STATUSES } from '@caseport/domain/billing/invoices';
import { codePartList, partsForTenantType } from '@caseport/domain/case-codes/parts';
import {
  type MasterDataItem,
  MasterDataListBodySchema,
  MasterDataListSchema,
} from '@caseport/domain/master-data/contracts';
import { TIMEZONES } from '@caseport/domain/reminders/timezones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { invoiceCompanies, listMasterData } from './repository';

export const masterDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // R-API-018, 000 §7: { list } of the category, filtered by the matcher.
  app.post(
    '/api/masterdata/list',
    { schema: { tags: ['master-data'], body: MasterDataListBodySchema, response: responses(MasterDataListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const { category, ...body } = request.body;
      // R-CASECODE-018/019: the fixed part list, without PETITIONER_NAME for a petitioner company.
      if (category === 'case_id_type') return { list: codePartList(partsForTenantType(ctx.tenantType)) };
      // R-BILL-034: the invoice filters' options.
      if (category === 'invoice_status') return { list: INVOICE_STATUSES };
      // R-REM-072: the time zones of the global configuration (a fixed list, reminders/timezones.ts).
      if (category === 'timezone') return { list: [...TIMEZONES] };
      if (category === 'invoice_company_list') {
        return { list: await readInTenant(db, ctx, (tx) => invoiceCompanies(tx, ctx.tenantId)) };
      }
      // The table's row, typed by the category only at run time; the response schema checks it as it leaves.
      const list = (await readInTenant(db, ctx, (tx) => listMasterData(tx, { ...body, category }))) as MasterDataItem[];
      return { list };
    },
  );
};
