import { z } from 'zod';
import { listOf } from '../api/responses';
import { text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';
import { DeliverySchema, EmailSchema, FirstNameSchema, LastNameSchema } from '../users/contracts';

/** Tenant directory for the customer pickers of roles 1 and 2 (001 §7: POST /tenant/list, perpage 10000). */
export const TenantListBodySchema = listQuerySchema({
  sortPaths: ['name', 'createdOn'],
  defaultSort: { path: 'name', order: 1 },
  maxPerPage: 10_000,
  filters: {
    searchString: text().max(100).optional(),
    tenantType: z.union([z.literal(1), z.literal(2)]).optional(),
    status: z.enum(['active', 'suspended']).optional(),
  },
}).extend({ getMasterData: z.boolean().optional() });
export type TenantListBody = z.infer<typeof TenantListBodySchema>;

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
export const TENANT_TYPE_LABELS = { 1: 'Law firm', 2: 'Petitioner company' } as const;
export const TENANTS_LIST_KEY = 'tenants';

export const TenantListItemSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  tenantType: z.union([z.literal(1), z.literal(2)]),
  idPrefix: z.string().nullable(),
  status: z.enum(TENANT_STATUSES),
  /** ISO 8601 text, as the repository reads it. */
  createdOn: z.string(),
});
export type TenantListItem = z.infer<typeof TenantListItemSchema>;
export const TenantListSchema = listOf(TenantListItemSchema);

/** Issue 16: role 1 creates a law firm (1) or a petitioner company (2) and invites its first admin (role 3). */
export const TenantCreateBodySchema = z
  .object({
    name: text().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
    tenantType: z.union([z.literal(1), z.literal(2)]),
    adminEmail: EmailSchema,
    adminFirstName: FirstNameSchema,
    adminLastName: LastNameSchema,
  })
  .strict();
export type TenantCreateBody = z.infer<typeof TenantCreateBodySchema>;
export const TenantCreateAnswerSchema = z.object({
  message: z.string(),
  tenant: TenantListItemSchema,
  delivery: DeliverySchema,
});

export const TenantStatusBodySchema = z.object({ tenantId: z.uuid(), active: z.boolean() }).strict();
export type TenantStatusBody = z.infer<typeof TenantStatusBodySchema>;
export const TenantStatusAnswerSchema = z.object({ message: z.string(), tenant: TenantListItemSchema });
