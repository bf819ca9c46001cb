import { DEFAULT_COUNTRY_ID } from '@caseport/domain/master-data/contracts';
import { mailingAddressFor } from '@caseport/domain/profile/rules';
import { Box, Text } from '@mantine/core';
import { AddressFields, type AddressValues } from '../../../components/address-fields';
import { type FormLike, valueAt } from '../../../components/form-like';
import { YesNoField } from './yes-no-field';

interface MailingAddressQuestionProps {
  form: FormLike;
  values: unknown;
  /** '' for the tenant profile, 'petitionerInfo.' for role 50's own profile. */
  prefix?: string;
}

/**
 * 'Is the mailing address the same as above?' (R-PROFILE-016..018, R-PETITIONER-008): a required yes/no;
 * yes copies the address into the mailing address, no clears it and asks for it.
 */
export function MailingAddressQuestion({ form, values, prefix = '' }: MailingAddressQuestionProps) {
  const answer = valueAt(values, `${prefix}mailingAddressSame`);
  return (
    <>
      <YesNoField
        form={form}
        path={`${prefix}mailingAddressSame`}
        label="Is the mailing address the same as above?"
        required
        onAnswer={(a) =>
          form.setFieldValue(
            `${prefix}mailingaddress`,
            mailingAddressFor(a, valueAt(values, `${prefix}address`) as AddressValues, DEFAULT_COUNTRY_ID),
          )
        }
      />
      {answer === 'no' ? (
        <Box>
          <Text fw={500} size="sm" mb="xs">
            Mailing address
          </Text>
          <AddressFields
            form={form}
            path={`${prefix}mailingaddress`}
            value={valueAt(values, `${prefix}mailingaddress`) as AddressValues | null}
            labelPrefix="Mailing"
          />
        </Box>
      ) : null}
    </>
  );
}
