import { z } from 'zod';
import { IntIdSchema, int4, text } from '../api/scalars';
import { SortOrderSchema } from '../list/list-query';

/** Categories served by POST /api/masterdata/list (000 §7, R-API-018). */
export const MASTER_DATA_CATEGORIES = [
  'countries',
  'states',
  'locations',
  'user_roles',
  'petition_types',
  'petition_sub_types',
  'template_types',
  // R-CASECODE-018: the case-number parts, served from the fixed list in case-codes/parts.ts.
  'case_id_type',
  // R-SOC-038: SOC 2018 codes (seed/data/soc-codes.json).
  'soc_codes',
  // R-ESIGN-010, R-AGREE-008: the template area's types (seed/data/sign-doc-types.json, agreement-types.json).
  'sign_doc_tpl',
  'agreement_types',
  // R-BILL-034: the invoice filters' status and company options.
  'invoice_status',
  'invoice_company_list',
  // R-REM-069/072: the global configuration's time zones (reminders/timezones.ts).
  'timezone',
] as const;
export type MasterDataCategory = (typeof MASTER_DATA_CATEGORIES)[number];

/** Master data page size (000 §9) and the largest the spec asks for (petition types 100000000). */
export const MASTER_DATA_PAGE_SIZE = 1000;

export const MasterDataListBodySchema = z
  .object({
    matcher: z
      .object({
        searchString: text().max(200).optional(),
        countryId: IntIdSchema.optional(),
        stateId: IntIdSchema.optional(),
        petitionType: z.union([IntIdSchema, z.array(IntIdSchema).max(100)]).optional(),
        getAllSubTypes: z.boolean().optional(),
        getWorkFlowConfig: z.boolean().optional(),
        getActiveList: z.boolean().optional(),
      })
      .strict()
      .default({}),
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4().min(1).max(100_000_000).default(MASTER_DATA_PAGE_SIZE),
    category: z.enum(MASTER_DATA_CATEGORIES),
    sorting: z
      .object({ path: z.enum(['id', 'name', 'order']), order: SortOrderSchema })
      .strict()
      .optional(),
  })
  .strict();
export type MasterDataListBody = z.infer<typeof MasterDataListBodySchema>;

export const DEFAULT_COUNTRY_ID = 231; // United States (R-CONST-003)
export const PREFERRED_PHONE_COUNTRIES = ['US', 'IN'] as const;

/**
 * An entry of /api/masterdata/list: the columns of the category's master-data table (countries carry their
 * phone code, currency and zip length; states their country; sub-types their case type ...), or `{ id | _id,
 * name }` for the computed categories (case-ID parts, invoice statuses, invoice companies).
 */
export const MasterDataItemSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  _id: z.string().optional(),
  name: z.string(),
  code: z.string().nullable().optional(),
  category: z.string().optional(),
  sortName: z.string().optional(),
  phoneCode: z.string().optional(),
  currencyCode: z.string().nullable().optional(),
  currencySymbol: z.string().nullable().optional(),
  zipcodeLength: z.number().nullable().optional(),
  order: z.number().optional(),
  countryId: z.number().nullable().optional(),
  stateId: z.number().nullable().optional(),
  petitionTypeId: z.number().nullable().optional(),
  formNumber: z.string().nullable().optional(),
});
export type MasterDataItem = z.infer<typeof MasterDataItemSchema>;
export const MasterDataListSchema = z.object({ list: z.array(MasterDataItemSchema).readonly() });
