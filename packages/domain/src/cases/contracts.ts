import { z } from 'zod';
import { listOf } from '../api/responses';
import { IntIdSchema, text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';

const PersonName = text().trim().max(100).optional();

/** Minimal case (issue 5): a case of one sub-type, numbered by the sub-type's case-code pattern (D-17). */
export const CaseCreateBodySchema = z
  .object({
    subTypeId: IntIdSchema,
    beneficiaryName: PersonName,
    petitionerName: PersonName,
    sponsorName: PersonName,
    applicantName: PersonName,
  })
  .strict();
export type CaseCreateBody = z.infer<typeof CaseCreateBodySchema>;

export const CaseListBodySchema = listQuerySchema({
  sortPaths: ['createdOn', 'caseNumber'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    searchString: text().max(100).optional(),
    subTypeIds: z.array(IntIdSchema).max(500).optional(),
  },
});
export type CaseListBody = z.infer<typeof CaseListBodySchema>;

export const CaseListItemSchema = z.object({
  _id: z.string(),
  caseNumber: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  subTypeId: z.number(),
  subTypeName: z.string(),
  beneficiaryName: z.string().nullable(),
  petitionerName: z.string().nullable(),
  sponsorName: z.string().nullable(),
  applicantName: z.string().nullable(),
  createdOn: z.string(),
});
export type CaseListItem = z.infer<typeof CaseListItemSchema>;
export const CaseListSchema = listOf(CaseListItemSchema);
export const CaseCreatedSchema = z.object({ message: z.string(), case: CaseListItemSchema });
