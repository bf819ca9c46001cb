import { z } from 'zod';
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

export interface CaseListItem {
  _id: string;
  caseNumber: string;
  typeId: number;
  typeName: string;
  subTypeId: number;
  subTypeName: string;
  beneficiaryName: string | null;
  petitionerName: string | null;
  sponsorName: string | null;
  applicantName: string | null;
  createdOn: string;
}
