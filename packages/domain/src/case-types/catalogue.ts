import { z } from 'zod';
import { listOf } from '../api/responses';
import { IntIdSchema, text } from '../api/scalars';
import { FORM_NUMBER_MAX } from '../platform-library/contracts';

/** Case Types tab: the catalogue. */
export const TENANT_TYPE_IDS = [1, 2] as const;
export const CATALOGUE_NAME_MAX = 100;
export const CATALOGUE_CODE_MAX = 20;
export const CATALOGUE_CODE_PATTERN = /^[A-Z0-9]+$/;
export const CASE_CATEGORIES = ['employment', 'family', 'citizenship', 'humanitarian'] as const;
export const TENANT_TYPES_REQUIRED = 'Choose at least one tenant type';

/** Whether a catalogue entry (case type or sub-type) may be used by a tenant of this type. */
export const isAvailableTo = (entry: { tenantTypes: readonly number[]; active: boolean }, tenantType: number) =>
  entry.active && entry.tenantTypes.includes(tenantType);

const TenantTypesSchema = z
  .array(z.union([z.literal(1), z.literal(2)]))
  .min(1, TENANT_TYPES_REQUIRED)
  .max(2);
const CatalogueName = text()
  .trim()
  .min(1, 'Name is required')
  .max(CATALOGUE_NAME_MAX, `Name must be at most ${CATALOGUE_NAME_MAX} characters`);
const CatalogueCode = text()
  .trim()
  .min(1, 'Code is required')
  .max(CATALOGUE_CODE_MAX, `Code must be at most ${CATALOGUE_CODE_MAX} characters`)
  .regex(CATALOGUE_CODE_PATTERN, 'Code uses capital letters and digits only');

export const CatalogueSubTypeSchema = z.object({
  id: z.number(),
  petitionTypeId: z.number(),
  name: z.string(),
  code: z.string(),
  tenantTypes: z.array(z.number()),
  active: z.boolean(),
});
export type CatalogueSubType = z.infer<typeof CatalogueSubTypeSchema>;
export const CatalogueTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  formNumber: z.string().nullable(),
  category: z.string(),
  tenantTypes: z.array(z.number()),
  active: z.boolean(),
  subTypes: z.array(CatalogueSubTypeSchema),
});
export type CatalogueType = z.infer<typeof CatalogueTypeSchema>;
export const CatalogueListSchema = listOf(CatalogueTypeSchema).extend({ canEdit: z.boolean() });
export type CatalogueList = z.infer<typeof CatalogueListSchema>;
export const CatalogueListBodySchema = z.object({ searchString: text().max(100).optional() }).strict();

export const CatalogueTypeSaveBodySchema = z
  .object({
    id: IntIdSchema.optional(),
    name: CatalogueName,
    code: CatalogueCode,
    formNumber: text().trim().max(FORM_NUMBER_MAX).nullable().optional(),
    category: z.enum(CASE_CATEGORIES),
    tenantTypes: TenantTypesSchema,
    active: z.boolean().default(true),
  })
  .strict();
export type CatalogueTypeSaveBody = z.input<typeof CatalogueTypeSaveBodySchema>;
export const CatalogueSubTypeSaveBodySchema = z
  .object({
    id: IntIdSchema.optional(),
    petitionTypeId: IntIdSchema,
    name: CatalogueName,
    code: CatalogueCode,
    tenantTypes: TenantTypesSchema,
    active: z.boolean().default(true),
  })
  .strict();
export type CatalogueSubTypeSaveBody = z.input<typeof CatalogueSubTypeSaveBodySchema>;
export const CatalogueSavedSchema = z.object({ message: z.string(), id: z.number() });
