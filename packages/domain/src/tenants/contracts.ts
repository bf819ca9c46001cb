import { z } from 'zod';
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

export interface TenantListItem {
  _id: string;
  name: string;
  tenantType: 1 | 2;
  idPrefix: string | null;
  createdOn: string;
}
