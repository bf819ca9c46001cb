import { z } from 'zod';
import type { FieldError } from '../api/errors';
import { listOf } from '../api/responses';
import { IntIdSchema, int4, text } from '../api/scalars';
import type { TenantTypeId } from '../auth/roles';
import { DateRangeSchema, listQuerySchema } from '../list/list-query';
import {
  CODE_PART_IDS,
  type CodePartId,
  excludedBy,
  hasDatePart,
  MAX_PARTS,
  MAX_SERIAL_START,
  MIN_PARTS,
  partsForTenantType,
  RESET_OPTIONS,
  resetOptions,
  SERIAL_PART,
  SERIAL_REQUIRED_MESSAGE,
} from './parts';

export const REQUIRED_MESSAGE = 'This field is required';
export const SERIAL_START_MESSAGES = {
  required: 'SI. No. Starts From is required',
  digits: 'Please enter digits only',
  min: 'SI. No. Starts From must be at least 1',
  max: `SI. No. Starts From must be at most ${MAX_SERIAL_START}`,
  locked: 'SI. No. Starts From cannot be changed once the configuration is saved',
} as const;

/**
 * R-CASECODE-042/043: the form field is text, digits only, at least 1. Returns the number or the message.
 */
export const parseSerialStart = (text: string): { value: number } | { error: string } => {
  const t = text.trim();
  if (t === '') return { error: SERIAL_START_MESSAGES.required };
  if (!/^\d+$/.test(t)) return { error: SERIAL_START_MESSAGES.digits };
  const value = Number(t);
  if (value < 1) return { error: SERIAL_START_MESSAGES.min };
  if (value > MAX_SERIAL_START) return { error: SERIAL_START_MESSAGES.max };
  return { value };
};

const SubTypeIdsSchema = z
  .array(IntIdSchema)
  .min(1, 'Case Subtypes is required')
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, 'A case subtype is listed twice');

export const ConfigPartSchema = z.object({ id: z.enum(CODE_PART_IDS), name: text().max(60).optional() }).strict();

/** One group of the form = one configuration (001 §7 items[]). Pattern rules are checked by `itemProblems`. */
export const CaseIdConfigItemSchema = z
  .object({
    groupCode: text()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Group code may hold letters, digits, hyphens and underscores')
      .optional(),
    subTypeIds: SubTypeIdsSchema,
    // Lengths beyond 3..7 reach itemProblems for the spec's messages; the cap here only bounds the body.
    config: z.array(ConfigPartSchema).max(20),
    sNoStartsFrom: int4({ error: SERIAL_START_MESSAGES.required })
      .int(SERIAL_START_MESSAGES.digits)
      .min(1, SERIAL_START_MESSAGES.min)
      .max(MAX_SERIAL_START, SERIAL_START_MESSAGES.max),
    resetIdBy: z.enum(RESET_OPTIONS).nullable().optional(),
  })
  .strict();
export type CaseIdConfigItem = z.infer<typeof CaseIdConfigItemSchema>;

/** R-CASECODE-053/054: items[], plus the customer (tenant) for role 1. */
export const CaseIdConfigCreateBodySchema = z
  .object({ items: z.array(CaseIdConfigItemSchema).min(1).max(50), tenantId: z.uuid().optional() })
  .strict();
export type CaseIdConfigCreateBody = z.infer<typeof CaseIdConfigCreateBodySchema>;

/** R-CASECODE-055: one item plus configId. sNoStartsFrom is locked (R-CASECODE-044): it may be repeated, not changed. */
export const CaseIdConfigUpdateBodySchema = CaseIdConfigItemSchema.extend({
  configId: z.uuid(),
  sNoStartsFrom: CaseIdConfigItemSchema.shape.sNoStartsFrom.optional(),
}).strict();
export type CaseIdConfigUpdateBody = z.infer<typeof CaseIdConfigUpdateBodySchema>;

export const CaseIdConfigIdBodySchema = z.object({ configId: z.uuid() }).strict();

/** R-CASECODE-052 (+ R-CASECODE-004 tenantCustomId for role 2, D-05). */
export const CaseIdConfigListBodySchema = listQuerySchema({
  sortPaths: ['createdOn', 'updatedOn', 'sNoStartsFrom'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    tenantIds: z.array(z.uuid()).max(100).optional(),
    tenantCustomId: text().trim().max(40).optional(),
    groupCodes: z.array(text().max(40)).max(100).optional(),
    subTypeIds: z.array(IntIdSchema).max(500).optional(),
    createdDateRange: DateRangeSchema.optional(),
  },
});
export type CaseIdConfigListBody = z.infer<typeof CaseIdConfigListBodySchema>;

/** R-CASECODE-017: a configuration as the list, details and form read it. */
export const CaseIdConfigSchema = z.object({
  _id: z.string(),
  tenantId: z.string(),
  tenantDetails: z.object({ name: z.string(), customId: z.string().nullable() }),
  subTypeIds: z.array(z.number()),
  subTypeDetails: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      code: z.string(),
      typeId: z.number(),
      typeName: z.string(),
      typeCode: z.string(),
      /** D-23: the sub-type and case-type codes this tenant's case numbers carry (custom code, else master). */
      numberCode: z.string(),
      typeNumberCode: z.string(),
    }),
  ),
  config: z.array(z.object({ id: z.enum(CODE_PART_IDS), name: z.string() })),
  groupCode: z.string(),
  sNoStartsFrom: z.number(),
  resetIdBy: z.enum(RESET_OPTIONS).nullable(),
  createdByName: z.string(),
  createdByRoleName: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type CaseIdConfig = z.infer<typeof CaseIdConfigSchema>;
export const CaseIdConfigListSchema = listOf(CaseIdConfigSchema);
export const CaseIdConfigDetailsSchema = z.object({ caseIdConfig: CaseIdConfigSchema });
/** D-23: the saved custom code. */
export const CustomCodeSavedSchema = z.object({
  message: z.string(),
  casenoConfigDetails: z.object({ _id: z.string(), code: z.string() }),
});

/**
 * Every pattern rule of one group (001 §4, §5; D-16), for the form and re-checked by the server. Field
 * names are relative to the item (`config`, `config.2`, `resetIdBy`).
 */
export const itemProblems = (
  item: { config: readonly (CodePartId | null)[]; resetIdBy?: string | null },
  tenantType: TenantTypeId | null,
): FieldError[] => {
  const problems: FieldError[] = [];
  const parts = item.config;
  const add = (name: string, message: string) => problems.push({ name, message });
  // D-16: no SI_NO fails with the spec's message, whatever else is wrong.
  if (!parts.includes(SERIAL_PART)) add('config', SERIAL_REQUIRED_MESSAGE);
  else if (
    parts.indexOf(SERIAL_PART) !== parts.length - 1 ||
    parts.lastIndexOf(SERIAL_PART) !== parts.indexOf(SERIAL_PART)
  )
    add('config', 'The serial number must be the last part, once');
  if (parts.length < MIN_PARTS) add('config', `A code needs at least ${MIN_PARTS} parts`);
  if (parts.length > MAX_PARTS) add('config', `A code has at most ${MAX_PARTS} parts`);
  const allowed = partsForTenantType(tenantType);
  const seen = new Set<CodePartId>();
  parts.forEach((p, i) => {
    if (p === null) add(`config.${i}`, REQUIRED_MESSAGE);
    else if (!allowed.includes(p)) add(`config.${i}`, `${p} is not available for this customer`);
    else if (seen.has(p) && p !== SERIAL_PART) add(`config.${i}`, `${p} is chosen twice`);
    else {
      const clash = excludedBy(p).find((x) => seen.has(x));
      if (clash) add(`config.${i}`, `${p} cannot be combined with ${clash}`);
    }
    if (p !== null) seen.add(p);
  });
  const reset = item.resetIdBy ?? null;
  if (reset !== null) {
    if (!hasDatePart(parts)) add('resetIdBy', 'SI. No. Reset On needs a date part in the configuration');
    else if (!(resetOptions(parts) as string[]).includes(reset))
      add('resetIdBy', `SI. No. Reset On must be ${resetOptions(parts).join(' or ')} for this configuration`);
  }
  return problems;
};

/** R-CASECODE-025: a sub-type belongs to at most one group. Returns the ids listed in more than one. */
export const subTypesInTwoGroups = (groups: readonly { subTypeIds: readonly number[] }[]): number[] => {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const g of groups) for (const id of new Set(g.subTypeIds)) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
};

/** R-CASECODE-047: a group is complete (another may be added) when it has sub-types, a valid pattern and start. */
export const isGroupValid = (
  group: {
    subTypeIds: readonly number[];
    config: readonly (CodePartId | null)[];
    sNoStartsFrom: string;
    resetIdBy: string | null;
  },
  tenantType: TenantTypeId | null,
): boolean =>
  group.subTypeIds.length > 0 &&
  itemProblems(group, tenantType).length === 0 &&
  'value' in parseSerialStart(group.sNoStartsFrom);

/** D-23: a custom case code — required, 2 to 6 letters, digits, spaces or hyphens (001 §5, §9). */
export const CUSTOM_CODE_MESSAGES = {
  required: 'Custom Code is required',
  length: 'Custom Code must be 2 to 6 characters',
  chars: 'Only letters, digits, spaces and hyphens are allowed',
} as const;
export const CustomCaseCodeSchema = text({ error: CUSTOM_CODE_MESSAGES.required })
  .trim()
  .min(1, CUSTOM_CODE_MESSAGES.required)
  .min(2, CUSTOM_CODE_MESSAGES.length)
  .max(6, CUSTOM_CODE_MESSAGES.length)
  .regex(/^[A-Za-z0-9 -]+$/, CUSTOM_CODE_MESSAGES.chars);

/** D-06/D-23: POST /api/case-type-config/save-custom-code {casenoConfigId, typeId, subTypeId, code}. */
export const SaveCustomCodeBodySchema = z
  .object({
    casenoConfigId: z.uuid().nullable().optional(),
    typeId: IntIdSchema,
    subTypeId: IntIdSchema.nullable().optional(),
    code: CustomCaseCodeSchema,
  })
  .strict();
export type SaveCustomCodeBody = z.infer<typeof SaveCustomCodeBodySchema>;

/** The scope a custom code replaces: the case type's code, or one sub-type's. */
export const customCodeScope = (typeId: number, subTypeId: number | null | undefined) =>
  subTypeId ? `subtype:${subTypeId}` : `type:${typeId}`;
