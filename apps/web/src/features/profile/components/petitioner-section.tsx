import { type FileRef, PETITIONER_DOCUMENT_LISTS } from '@caseport/domain/profile/contracts';
import {
  latestCalendarDate,
  maskFein,
  moreThanHalfOnH1bL1For,
  type PhoneCountryCode,
  TYPE_OF_BUSINESS_MAX,
} from '@caseport/domain/profile/rules';
import { Checkbox, Divider, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { AddressFields } from '../../../components/address-fields';
import { type FormLike, valueAt } from '../../../components/form-like';
import { PhoneField } from '../../../components/phone-field';
import { DocumentList } from './document-list';
import { MailingAddressQuestion } from './mailing-address-question';
import { YesNoField } from './yes-no-field';

interface PetitionerSectionProps {
  form: FormLike;
  values: unknown;
  /** Role 50's own profile asks for its address; a petitioner company's is the company address. */
  withAddress?: boolean;
  /** Company Details only: 'same as admin information' copies the admin's name, e-mail and phone. */
  sameAsAdmin?: { checked: boolean; onChange: (checked: boolean) => void };
}

const P = 'petitionerInfo';
const SIG = `${P}.authorizedSignatory`;

const QUESTIONS = [
  ['finalDeterminationFromDOL', 'Has the Department of Labor issued a final determination against the company?'],
  ['partnershipOrSoleProprietorship', 'Is the company a partnership or a sole proprietorship?'],
  ['recentLayoffInOccupation', 'Has the company laid off workers in the same occupation recently?'],
  ['laidoffWorkerNotified', 'Were the laid-off workers notified?'],
  ['unanticipatedWorkSite', 'Could the employee work at an unanticipated work site?'],
] as const;

/** The PetitionerInfo fields (R-PETITIONER-001..020); the IRS Trancation Id is never shown (R-PETITIONER-012). */
export function PetitionerSection({ form, values, withAddress, sameAsAdmin }: PetitionerSectionProps) {
  const at = (path: string) => valueAt(values, path);
  const fifty = at(`${P}.fiftyOrMoreEmployeesInUS`) as 'yes' | 'no' | undefined;
  const typeOfBusiness = (at(`${P}.typeOfBusiness`) as string | undefined) ?? '';
  const fein = form.getInputProps(`${P}.feiNumber`);
  const text = (path: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} name={path} key={form.key(path)} {...form.getInputProps(path)} {...extra} />
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {text(`${P}.naicsCode`, 'NAICS Code', { required: true, inputMode: 'numeric', description: '2 to 6 digits' })}
        <TextInput
          label="FEIN Number"
          placeholder="##-#######"
          inputMode="numeric"
          name={`${P}.feiNumber`}
          key={form.key(`${P}.feiNumber`)}
          {...fein}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => fein.onChange(maskFein(e.currentTarget.value))}
        />
        {text(`${P}.typeOfBusiness`, 'Type of Business', {
          description: `${typeOfBusiness.length}/${TYPE_OF_BUSINESS_MAX} characters`,
        })}
        {text(`${P}.businessEstdDate`, 'Date established', {
          required: true,
          type: 'date',
          max: latestCalendarDate(new Date()),
        })}
        <Textarea
          label="Nature of business"
          required
          autosize
          minRows={2}
          name={`${P}.natureOfBusiness`}
          key={form.key(`${P}.natureOfBusiness`)}
          {...form.getInputProps(`${P}.natureOfBusiness`)}
        />
        {text(`${P}.totalFullTimeEmployees`, 'Total full-time employees', { required: true, inputMode: 'numeric' })}
        {text(`${P}.estimatedGrossAnualIncome`, 'Estimated gross annual income', {
          required: true,
          leftSection: '$',
          inputMode: 'decimal',
        })}
        {text(`${P}.estimatedNetAnualIncome`, 'Estimated net annual income', {
          leftSection: '$',
          inputMode: 'decimal',
        })}
      </SimpleGrid>

      {withAddress ? (
        <>
          <Divider label="Address" labelPosition="left" />
          <AddressFields form={form} path={`${P}.address`} value={at(`${P}.address`) as never} />
          <MailingAddressQuestion form={form} values={values} prefix={`${P}.`} />
        </>
      ) : null}

      <Divider label="Authorized signatory" labelPosition="left" />
      {sameAsAdmin ? (
        <Switch
          label="Same as admin information"
          checked={sameAsAdmin.checked}
          onChange={(e) => sameAsAdmin.onChange(e.currentTarget.checked)}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {text(`${SIG}.title`, 'Title', { required: true })}
        {text(`${SIG}.firstName`, 'Signatory first name', { required: true })}
        {text(`${SIG}.middleName`, 'Signatory middle name')}
        {text(`${SIG}.lastName`, 'Signatory last name', { required: true })}
        {text(`${SIG}.email`, 'Signatory email', { required: true, type: 'email' })}
        <PhoneField
          form={form}
          path={`${SIG}.phone`}
          countryPath={`${SIG}.phoneCountryCode`}
          country={(at(`${SIG}.phoneCountryCode`) as PhoneCountryCode | null) ?? null}
          label="Signatory phone"
          required
        />
      </SimpleGrid>

      <Divider label="Employment" labelPosition="left" />
      <YesNoField
        form={form}
        path={`${P}.fiftyOrMoreEmployeesInUS`}
        label="Are there 50 or more employees in the US?"
        required
        onAnswer={(answer) =>
          // R-PETITIONER-007
          form.setFieldValue(
            `${P}.moreThanHalfOnH1bL1`,
            moreThanHalfOnH1bL1For(answer, !!at(`${P}.moreThanHalfOnH1bL1`)),
          )
        }
      />
      <Checkbox
        label="More than 50% of those employees are in H-1B or L-1 status"
        disabled={fifty !== 'yes'}
        key={form.key(`${P}.moreThanHalfOnH1bL1`)}
        {...form.getInputProps(`${P}.moreThanHalfOnH1bL1`, { type: 'checkbox' })}
      />
      {QUESTIONS.map(([key, label]) => (
        <YesNoField key={key} form={form} path={`${P}.${key}`} label={label} />
      ))}

      <Divider label="Documents" labelPosition="left" />
      <Text size="sm" c="dimmed" mt={-8}>
        All optional. PDF, image or Word files up to 10 MB; letter heads in Word format only.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {PETITIONER_DOCUMENT_LISTS.map((d) => (
          <DocumentList
            key={d.key}
            label={d.label}
            purpose={d.purpose}
            value={(at(`${P}.documents.${d.key}`) as FileRef[] | undefined) ?? []}
            onChange={(files) => form.setFieldValue(`${P}.documents.${d.key}`, files)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} fz="h4" mb="sm">
      {children}
    </Title>
  );
}
