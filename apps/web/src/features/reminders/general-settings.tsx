import { type TimezoneOption, timezoneLabel } from '@caseport/domain/reminders/timezones';
import {
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type MasterDataRow, useMasterData } from '../../lib/use-master-data';
import { useCouriers } from './api';
import { asOptions, Section } from './config-section';
import type { FormState, GeneralFields } from './form-state';

type BoolField = {
  [K in keyof GeneralFields]: GeneralFields[K] extends boolean ? K : never;
}[keyof GeneralFields];
type DaysField =
  | 'remindPtnrInfoUpdateDays'
  | 'ptnrBriefDays'
  | 'benfSubQuestBriefDays'
  | 'caseDeadlineDays'
  | 'rfeCaseDeadlineDays'
  | 'priorI94DeadlineDays'
  | 'advCoolingPeriod'
  | 'advMinDuration'
  | 'priorFormsEffectiveDays'
  | 'permFileDaysAfterLastAdv';

/** The §3.1 switches, grouped and worded so an admin understands each without the spec. */
const SWITCH_GROUPS: { title: string; fields: [BoolField, string][] }[] = [
  {
    title: 'Security',
    fields: [
      [
        'mfaRequired',
        'Require two-factor sign-in (for the roles chosen on User Roles; every user when none is chosen)',
      ],
      ['requiredPinForQuesSubmit', 'Require a PIN to submit a questionnaire'],
      ['acceptConsentAndTAndC', 'Ask users to accept consent and terms and conditions'],
    ],
  },
  {
    title: 'Cases',
    fields: [
      ['allowCustonCaseNo', 'Allow custom case numbers'],
      ['showCaseDeadLineDateforPetitioner', 'Show the case deadline date to the petitioner'],
      ['isAllowExternalCases', 'Allow external cases'],
      ['taskApprovalRequired', 'Tasks need approval'],
      ['manageCapRegistrations', 'Manage H-1B cap registrations'],
      ['enableI9Requests', 'Enable I-9 requests'],
      ['enablePAFRequests', 'Enable public access file (PAF) requests'],
    ],
  },
  {
    title: 'Petitioner and questionnaires',
    fields: [
      ['prefillCountryInQuestionnaire', 'Prefill the country in questionnaires'],
      ['acceptCompayDocsForPtnr', 'Accept company documents for the petitioner'],
      ['ptnrAttorneySignByInternal', 'Petitioner attorney signs internally'],
    ],
  },
  {
    title: 'USCIS forms',
    fields: [
      ['usePtnrAddrAsMailingAddrInUSCISForms', 'Use the petitioner address as the mailing address in USCIS forms'],
      ['isPtnrActAsUSCISFormsPreparer', 'The petitioner acts as preparer of USCIS forms'],
      ['isI94DSExpiryDate', 'Treat an I-94 marked D/S as having an expiry date'],
    ],
  },
  {
    title: 'LCA and PERM',
    fields: [
      ['allowToAddLCALayers', 'Allow adding LCA layers'],
      ['multipleJobDutiesForLCA', 'Multiple job duties in the LCA'],
      ['multiEduDetailsForLCA', 'Multiple education details in the LCA'],
      ['preSOCCodeMandatoryLCA', 'A prevailing SOC code is mandatory in the LCA'],
      ['yearsOfExpRequiredForLCA', 'Years of experience are required in the LCA'],
      ['petiApprovReqPWDDoc', 'Petitioner approval is required for the PWD document'],
      ['procefilPERMCoolNotMet', 'Proceed to file PERM when the cooling period is not met'],
    ],
  },
  { title: 'Billing', fields: [['requiredQBForInvoice', 'Require QuickBooks for invoices']] },
];

const DAY_FIELDS: [DaysField, string][] = [
  ['remindPtnrInfoUpdateDays', 'Remind the petitioner to update information every (days)'],
  ['ptnrBriefDays', 'Petitioner brief reminder (days)'],
  ['benfSubQuestBriefDays', 'Beneficiary questionnaire reminder (days)'],
  ['caseDeadlineDays', 'Case deadline (days)'],
  ['rfeCaseDeadlineDays', 'RFE case deadline (days)'],
  ['priorI94DeadlineDays', 'Deadline prior to I-94 expiry (days)'],
  ['advCoolingPeriod', 'Advertisement cooling period (days)'],
  ['advMinDuration', 'Advertisement minimum duration (days)'],
  ['priorFormsEffectiveDays', 'Prior forms effective for (days)'],
  ['permFileDaysAfterLastAdv', 'File PERM after the last advertisement (days)'],
];

/** The §3.1 general settings of the Global Configuration: switches, selects, day counts and e-mails. */
export function GeneralSettings({
  general,
  seasons,
  roleRows,
  setGeneral,
}: {
  general: GeneralFields;
  seasons: FormState['seasons'];
  roleRows: MasterDataRow[];
  setGeneral: <K extends keyof GeneralFields>(key: K, value: GeneralFields[K]) => void;
}) {
  // R-REM-072/073: time zones (perpage 1000) and couriers.
  const timezones = useMasterData<TimezoneOption>('timezone', { perpage: 1000 });
  const couriers = useCouriers();
  return (
    <Section title="General settings">
      <Stack gap="lg">
        {SWITCH_GROUPS.map((g) => (
          <div key={g.title}>
            <Text fw={600} mb={6}>
              {g.title}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {g.fields.map(([field, label]) => (
                <Switch
                  key={field}
                  label={label}
                  checked={general[field]}
                  onChange={(e) => setGeneral(field, e.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          </div>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Two-factor method"
            // Sign-in asks for an authenticator app's code (issue 16); e-mailed codes are not offered.
            data={[{ value: 'totp', label: 'Authenticator app' }]}
            value={general.mfaConfig}
            onChange={(v) => v && setGeneral('mfaConfig', v as GeneralFields['mfaConfig'])}
            allowDeselect={false}
          />
          <Select
            label="Current season year"
            placeholder="Select year"
            data={seasons.map((s) => s.seasonYear)}
            value={general.currentSeasonYear}
            onChange={(v) => setGeneral('currentSeasonYear', v)}
            clearable
          />
          <Select
            label="Default time zone"
            data={(timezones.data ?? []).map((t) => ({ value: String(t.id), label: timezoneLabel(t) }))}
            value={String(general.tenantDefaultTZ)}
            onChange={(v) => v && setGeneral('tenantDefaultTZ', Number(v))}
            searchable
            allowDeselect={false}
          />
          <MultiSelect
            label="Default couriers"
            data={asOptions(couriers.data ?? [])}
            value={general.defaultCourierIds.map(String)}
            onChange={(v) => setGeneral('defaultCourierIds', v.map(Number))}
            clearable
          />
          <Select
            label="Filing fee category type"
            data={[
              { value: 'manual_entry', label: 'Manual entry' },
              { value: 'uscis_schedule', label: 'USCIS fee schedule' },
            ]}
            value={general.filingFeeCategoryType}
            onChange={(v) => v && setGeneral('filingFeeCategoryType', v as GeneralFields['filingFeeCategoryType'])}
            allowDeselect={false}
          />
          <Select
            label="LCA work location address"
            data={[
              { value: '1', label: 'Entity address' },
              { value: '2', label: 'Home address' },
              { value: '3', label: 'Entity or home address' },
            ]}
            value={String(general.addressEntityIOrHomeForLCA)}
            onChange={(v) => v && setGeneral('addressEntityIOrHomeForLCA', Number(v) as 1 | 2 | 3)}
            allowDeselect={false}
          />
          <MultiSelect
            label="Roles that handle PWD activities"
            data={asOptions(roleRows.filter((r) => r.id !== 1 && r.id !== 2))}
            value={general.handlePwdActivityUsers.map(String)}
            onChange={(v) => setGeneral('handlePwdActivityUsers', v.map(Number))}
          />
          <MultiSelect
            label="Roles that reassign cases"
            description="Admin when none is chosen"
            data={asOptions(roleRows.filter((r) => r.id !== 1 && r.id !== 2))}
            value={general.whoWillReassignCase.map(String)}
            onChange={(v) => setGeneral('whoWillReassignCase', v.map(Number))}
          />
        </SimpleGrid>
        <Radio.Group
          label="G-28 contact information"
          value={general.contactInfoOfG28Form}
          onChange={(v) => setGeneral('contactInfoOfG28Form', v as GeneralFields['contactInfoOfG28Form'])}
        >
          <Group mt={6}>
            <Radio value="law_firm" label="Law firm" />
            <Radio value="attorney" label="Attorney" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {DAY_FIELDS.map(([field, label]) => (
            <NumberInput
              key={field}
              label={label}
              min={0}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              value={general[field] ?? ''}
              onChange={(v) =>
                setGeneral(field, (v === '' ? (field.startsWith('adv') ? 0 : null) : Number(v)) as never)
              }
            />
          ))}
        </SimpleGrid>
        <TextInput
          label="Communication e-mails"
          description="Comma-separated; entries that are not e-mail addresses are dropped on save"
          value={general.commuEmails}
          onChange={(e) => setGeneral('commuEmails', e.currentTarget.value)}
        />
      </Stack>
    </Section>
  );
}
