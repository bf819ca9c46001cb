import type { FileRef, PetitionerInfo, PetitionerProfileInfo, TenantProfile } from '@caseport/domain/profile/contracts';
import {
  ADMIN_DEFAULT_PHONE_COUNTRY,
  type PhoneCountryCode,
  SAMPLE_GROSS_ANNUAL_INCOME,
  SAMPLE_NET_ANNUAL_INCOME,
  SIGNATORY_DEFAULT_PHONE_COUNTRY,
} from '@caseport/domain/profile/rules';

import { type AddressValues, emptyAddress } from '../../components/address-fields';

export interface PetitionerValues
  extends Omit<PetitionerInfo, 'fiftyOrMoreEmployeesInUS' | 'address' | 'authorizedSignatory'> {
  fiftyOrMoreEmployeesInUS: 'yes' | 'no' | undefined;
  address?: AddressValues;
  authorizedSignatory: PetitionerInfo['authorizedSignatory'];
  /** Role 50's own profile only (R-PETITIONER-008). */
  mailingAddressSame?: 'yes' | 'no' | undefined;
  mailingaddress?: AddressValues | null;
}

export interface ProfileValues {
  adminFirstName: string;
  adminLastName: string;
  phone: string;
  phoneCountryCode: PhoneCountryCode;
  logo: FileRef | null;
  favicon: FileRef | null;
  fromEmail: string;
  contactEmail: string;
  slug: string;
  idPrefix: string;
  feiNumber: string;
  feinDocs: FileRef[];
  address: AddressValues;
  mailingAddressSame: 'yes' | 'no' | undefined;
  mailingaddress: AddressValues | null;
  isSameasAdminInformation: 'yes' | 'no';
  petitionerInfo: PetitionerValues | null;
}

/** R-PETITIONER-006 / R-PETITIONER-015: sample incomes and an IN (+91) signatory phone to start from. */
export const petitionerValues = (
  info: PetitionerInfo | Partial<PetitionerProfileInfo> | null,
  withAddress = false,
): PetitionerValues =>
  ({
    naicsCode: '',
    feiNumber: '',
    typeOfBusiness: '',
    natureOfBusiness: '',
    businessEstdDate: '',
    totalFullTimeEmployees: '',
    estimatedGrossAnualIncome: SAMPLE_GROSS_ANNUAL_INCOME,
    estimatedNetAnualIncome: SAMPLE_NET_ANNUAL_INCOME,
    moreThanHalfOnH1bL1: false,
    documents: {},
    ...(info ?? {}),
    fiftyOrMoreEmployeesInUS: info?.fiftyOrMoreEmployeesInUS,
    authorizedSignatory: {
      firstName: '',
      middleName: '',
      lastName: '',
      title: '',
      email: '',
      phone: '',
      phoneCountryCode: { ...SIGNATORY_DEFAULT_PHONE_COUNTRY },
      ...(info?.authorizedSignatory ?? {}),
    },
    ...(withAddress
      ? {
          address: info?.address ?? emptyAddress(),
          mailingAddressSame: (info as Partial<PetitionerProfileInfo> | null)?.mailingAddressSame,
          mailingaddress: ((info as Partial<PetitionerProfileInfo> | null)?.mailingaddress as AddressValues) ?? null,
        }
      : { address: undefined }),
  }) as PetitionerValues;

export const profileValues = (t: TenantProfile): ProfileValues => ({
  adminFirstName: t.adminFirstName,
  adminLastName: t.adminLastName,
  phone: t.phone,
  phoneCountryCode: t.phoneCountryCode ?? { ...ADMIN_DEFAULT_PHONE_COUNTRY },
  logo: t.logo,
  favicon: t.favicon,
  fromEmail: t.fromEmail,
  contactEmail: t.contactEmail,
  slug: t.slug ?? '',
  idPrefix: t.idPrefix ?? '',
  feiNumber: t.feiNumber ?? '',
  feinDocs: t.feinDocs ?? [],
  address: (t.address as AddressValues | null) ?? emptyAddress(),
  mailingAddressSame: t.mailingAddressSame ?? undefined,
  mailingaddress: (t.mailingaddress as AddressValues | null) ?? null,
  isSameasAdminInformation: t.isSameasAdminInformation ?? 'no',
  petitionerInfo: t.tenantType === 2 ? petitionerValues(t.petitionerInfo) : null,
});
