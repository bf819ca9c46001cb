import { z } from 'zod';
import { listOf } from '../api/responses';
import { int4, text } from '../api/scalars';
import type { RoleId } from '../auth/roles';
import { IsoDateSchema, listQuerySchema } from '../list/list-query';
import { requiredRichText } from '../rich-text/rich-text';

/** 001 §2.6, §5, §6, §9: service centers (filing offices with courier addresses). */
export const SERVICE_CENTERS_EMPTY_TEXT = 'No Service Centers Found';
export const SERVICE_CENTERS_LIST_KEY = 'service_centers';
export const SERVICE_CENTER_SORT_PATHS = ['name', 'typeName', 'createdOn', 'updatedOn'] as const;
export const DELETE_SERVICE_CENTER_MESSAGE = 'Do you want to Delete?';
/** R-SVC-031: Petitioner's Office State(s) are the states of the United States (country 231). */
export const US_COUNTRY_ID = 231;
/** R-SVC-023, 001 §9: case types 9 and 4 have no Premium Processing. */
export const NO_PREMIUM_PROCESSING_TYPE_IDS = [9, 4] as const;
export const PLATFORM_CENTER_READ_ONLY_MESSAGE = 'Only the platform team can change a platform-level service center';
export const TENANT_CENTER_READ_ONLY_MESSAGE = "Only the tenant's administrators can change its service centers";

export const showsPremiumProcessing = (typeId: number | null | undefined): boolean =>
  !(NO_PREMIUM_PROCESSING_TYPE_IDS as readonly number[]).includes(typeId ?? -1);

/** R-SVC-024/025 (enforced by the server too): platform rows by roles 1-2, tenant rows by roles 3-4. */
export const canEditServiceCenter = (center: { tenantId: string | null }, roleId: RoleId | number): boolean =>
  center.tenantId === null ? roleId === 1 || roleId === 2 : roleId === 3 || roleId === 4;

/** A block as a form holds it (a select's value may be the id as text). */
export interface AddressBlockDraft {
  courierId: number | string | null;
  address: string;
}

/** R-SVC-019: the couriers block `index` may choose (its own plus those no other block uses). */
export const couriersFor = <C extends { id: number }>(
  all: readonly C[],
  blocks: readonly AddressBlockDraft[],
  index: number,
): C[] => {
  const usedElsewhere = new Set(blocks.filter((_, i) => i !== index).map((b) => String(b.courierId)));
  return all.filter((c) => !usedElsewhere.has(String(c.id)));
};

/** R-SVC-020/021: another block only below the courier count and once the current blocks validate. */
export const canAddAddressBlock = (
  blocks: readonly AddressBlockDraft[],
  courierCount: number,
  blocksValid: boolean,
): boolean => blocks.length < courierCount && blocksValid;

/** R-SVC-022: a block can be removed only when there is more than one. */
export const canRemoveAddressBlock = (blocks: readonly AddressBlockDraft[]): boolean => blocks.length > 1;

/** R-SVC-006: the first state, '+N' for the rest (shown in a popover). */
export const stateSummary = (names: readonly string[]) => ({
  first: names[0] ?? null,
  more: Math.max(0, names.length - 1),
  rest: names.slice(1),
});

export const AddressBlockSchema = z
  .object({
    courierId: int4({ error: 'Courier is required' }).positive('Courier is required'),
    address: requiredRichText('Address'),
  })
  .strict();

export const ServiceCenterCreateBodySchema = z
  .object({
    name: text().trim().min(1, 'Name is required').max(150, 'Name must be at most 150 characters'),
    typeId: int4({ error: 'Case Type is required' }).positive('Case Type is required'),
    stateIds: z.array(int4().positive()).max(60).default([]),
    addressConfig: z
      .array(AddressBlockSchema)
      .min(1, 'Add at least one address')
      .max(10)
      .refine(
        (blocks) => new Set(blocks.map((b) => b.courierId)).size === blocks.length,
        'Each courier can be used only once',
      ),
    premiumProcessing: z.enum(['yes', 'no']).default('no'),
    description: text().max(2000).optional(),
  })
  .strict();
export type ServiceCenterCreateBody = z.infer<typeof ServiceCenterCreateBodySchema>;

export const ServiceCenterUpdateBodySchema = ServiceCenterCreateBodySchema.extend({
  serviceCenterId: z.uuid(),
}).strict();
export type ServiceCenterUpdateBody = z.infer<typeof ServiceCenterUpdateBodySchema>;

export const ServiceCenterIdBodySchema = z.object({ serviceCenterId: z.uuid() }).strict();

/** R-SVC-027: `{page, perpage, filters {title, status[], typeIds[], createdDateRange[]}, sorting}`. */
export const ServiceCenterListBodySchema = listQuerySchema({
  sortPaths: SERVICE_CENTER_SORT_PATHS,
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    title: text().max(100).optional(),
    // Service centers have no status (001 §4 "not shown"): accepted for the spec's call shape, not applied.
    status: z.array(z.boolean()).max(2).optional(),
    typeIds: z.array(int4().positive()).max(100).optional(),
    createdDateRange: z.union([z.tuple([]), z.tuple([IsoDateSchema, IsoDateSchema])]).optional(),
  },
});
export type ServiceCenterListBody = z.infer<typeof ServiceCenterListBodySchema>;

const IdNameSchema = z.object({ id: z.number(), name: z.string() });
export const ServiceCenterItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  typeId: z.number(),
  typeDetails: IdNameSchema,
  stateIds: z.array(z.number()),
  stateList: z.array(IdNameSchema),
  stateDetails: z.string(),
  addressConfig: z.array(z.object({ courierId: z.number(), courierDetails: IdNameSchema, address: z.string() })),
  premiumProcessing: z.enum(['yes', 'no']),
  description: z.string().nullable(),
  tenantId: z.string().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type ServiceCenterItem = z.infer<typeof ServiceCenterItemSchema>;
export const ServiceCenterListSchema = listOf(ServiceCenterItemSchema);
export const ServiceCenterCreatedSchema = z.object({ message: z.string(), serviceCenterId: z.string() });
/** An id the caller cannot see answers 404, so the details always carry the service center. */
export const ServiceCenterDetailsSchema = z.object({ serviceCenter: ServiceCenterItemSchema.optional() });

export const CourierSchema = IdNameSchema;
export type Courier = z.infer<typeof CourierSchema>;
export const CourierListSchema = z.object({ list: z.array(CourierSchema) });
