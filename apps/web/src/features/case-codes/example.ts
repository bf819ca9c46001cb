import { customerCodeOf, exampleCaseId } from '@caseport/domain/case-codes/case-id';
import type { CodePartId } from '@caseport/domain/case-codes/parts';
import type { CalendarDate } from '@caseport/domain/tenants/tenant-day';
import dayjs from 'dayjs';

const today = (): CalendarDate => {
  const d = dayjs();
  return { year: d.format('YYYY'), month: d.format('MM'), day: d.format('DD') };
};

export interface ExampleSources {
  customer: { name: string; idPrefix?: string | null; customId?: string | null } | null;
  /** The first sub-type of the group gives the case type and sub-type codes. */
  subType: { code: string; typeCode: string } | null;
  sNoStartsFrom: number;
  /** A petitioner from the petitioner list (R-CASECODE-022) in place of the sample name. */
  petitionerName?: string | null;
}

/** R-CASECODE-048..051: the Example Case ID shown in the form and in the details. */
export const exampleFor = (parts: readonly (CodePartId | null)[], s: ExampleSources): string =>
  exampleCaseId(parts, {
    customerCode: s.customer
      ? customerCodeOf({ idPrefix: s.customer.idPrefix ?? s.customer.customId ?? null, name: s.customer.name })
      : 'CUST',
    caseTypeCode: s.subType?.typeCode ?? 'TYPE',
    caseSubtypeCode: s.subType?.code ?? 'SUBTYPE',
    today: today(),
    sNoStartsFrom: s.sNoStartsFrom,
    names: s.petitionerName ? { PETITIONER_NAME: s.petitionerName } : {},
  });
