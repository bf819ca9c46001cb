import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';

/** Tenant directory for the customer pickers of roles 1 and 2 (001 §7: POST /tenant/list, perpage 10000). */
export const TenantListBodySchema = listQuerySchema({
  sortPaths: ['name', 'createdOn'],
  defaultSort: { path: 'name', order: 1 },
  maxPerPage: 10_000,
  filters: {
    searchString: text().max(100).optional(),
    tenantType: z.union([z.literal(1), z.literal(2)]).optional(),
  },
}).extend({ getMasterData: z.boolean().optional() });
export type TenantListBody = z.infer<typeof TenantListBodySchema>;

export const TenantListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tenantType: z.number(),
  idPrefix: z.string().nullable(),
  createdOn: timestamp(),
});
/** As the web reads it (dates as text); a tenant is a law firm (1) or a petitioner company (2). */
export type TenantListItem = Omit<z.input<typeof TenantListItemSchema>, 'tenantType'> & { tenantType: 1 | 2 };
export const TenantListSchema = listOf(TenantListItemSchema);
