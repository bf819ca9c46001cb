import { Role, type TenantTypeId } from '@caseport/domain/auth/roles';
import { SEASON_YEAR_EXISTS } from '@caseport/domain/reminders/contracts';
import {
  canShowMore,
  REMINDER_KEY_DEFS,
  type ReminderBlock,
  type ReminderKey,
  reminderTabs,
} from '@caseport/domain/reminders/days';
import { reminderRoleOptions } from '@caseport/domain/reminders/recipients';
import { type TimezoneOption, timezoneLabel } from '@caseport/domain/reminders/timezones';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { CustomerSelect } from '../../components/customer-select';
import { notify } from '../../components/notify';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useCustomerList } from '../../lib/use-customer-list';
import { type MasterDataRow, useMasterData } from '../../lib/use-master-data';
import { useCouriers, useGlobalConfig, useSaveGlobalConfig, useSeasonYears } from './api';
import { DayEntries } from './day-entries';
import { type FormState, formProblems, type GeneralFields, toFormState, toSaveBody } from './form-state';
import { PreviewTimeline } from './preview-timeline';

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const asOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));

/** The Reminders tab (configReminders): the global configuration with its reminder settings (002 §2.1, §3.1). */
export default function RemindersPage({ subTab, onSubTabChange }: TabPanelProps) {
  const me = useCurrentUser();
  const isSuperAdmin = me.roleId === Role.SuperAdmin;
  const customers = useCustomerList(isSuperAdmin);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const tenantId = isSuperAdmin ? customerId : me.tenantId;
  const tenantType: TenantTypeId | null = isSuperAdmin
    ? (customers.data?.find((c) => c._id === customerId)?.tenantType ?? null)
    : me.tenantType;
  const details = useGlobalConfig(isSuperAdmin ? customerId : null, !isSuperAdmin || !!customerId);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={3}>Global Configuration</Title>
      {isSuperAdmin ? <CustomerSelect customers={customers.data} value={customerId} onChange={setCustomerId} /> : null}
      {isSuperAdmin && !customerId ? (
        <Text c="dimmed">Select a customer to see its configuration.</Text>
      ) : details.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading configuration" />
        </Group>
      ) : details.isError || !tenantType ? (
        <Alert color="red" title="The configuration could not be loaded">
          <Button variant="light" size="xs" onClick={() => details.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ConfigForm
          key={`${tenantId}-${details.data._id}`}
          initial={toFormState(details.data.config)}
          exists={!!details.data._id}
          tenantType={tenantType}
          tenantId={tenantId}
          isSuperAdmin={isSuperAdmin}
          subTab={subTab}
          onSubTabChange={onSubTabChange}
        />
      )}
    </Stack>
  );
}

interface ConfigFormProps {
  initial: FormState;
  exists: boolean;
  tenantType: TenantTypeId;
  tenantId: string | null;
  isSuperAdmin: boolean;
  subTab: string | null;
  onSubTabChange: TabPanelProps['onSubTabChange'];
}

function ConfigForm({ initial, exists, tenantType, tenantId, isSuperAdmin, subTab, onSubTabChange }: ConfigFormProps) {
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // R-REM-071/072/073/074: roles (page 1, perpage 10000), time zones (perpage 1000), couriers, countries.
  const roles = useMasterData('user_roles', { perpage: 10000 });
  const timezones = useMasterData<TimezoneOption>('timezone', { perpage: 1000 });
  const countries = useMasterData('countries');
  const couriers = useCouriers();
  const seasonYears = useSeasonYears(tenantId, isSuperAdmin);
  const save = useSaveGlobalConfig();

  const tabs = useMemo(() => reminderTabs(tenantType), [tenantType]);
  // The family tab follows ?tab= (R-SHELL-005) and is remembered here for the shell that does not route it.
  const [picked, setPicked] = useState<string | null>(subTab);
  const wanted = subTab ?? picked;
  const activeTab = tabs.some((t) => t.key === wanted) ? (wanted as string) : (tabs[0]?.key ?? '');
  const shownKeys = tabs
    .flatMap((t) => t.blocks.map((b) => b.key))
    .filter((k): k is ReminderKey => k !== 'globalStatus');
  const general = state.general;
  const setGeneral = <K extends keyof GeneralFields>(key: K, value: GeneralFields[K]) =>
    setState((s) => ({ ...s, general: { ...s.general, [key]: value } }));
  const setBlock = (key: ReminderKey, patch: Partial<FormState['blocks'][ReminderKey]>) =>
    setState((s) => ({ ...s, blocks: { ...s.blocks, [key]: { ...s.blocks[key], ...patch } } }));

  const onSave = async () => {
    // R-REM-045: saving proceeds only when the reminder forms validate.
    const problems = formProblems(state, shownKeys);
    setErrors(problems);
    if (Object.keys(problems).length) {
      notify.error('Please correct the highlighted reminder days');
      return;
    }
    try {
      const { message } = await save.mutateAsync({ exists, body: toSaveBody(state, isSuperAdmin, tenantId) });
      notify.success(message); // R-REM-080
    } catch (e) {
      notify.error(e); // R-REM-081: the button is enabled again once the mutation settles
    }
  };

  const roleRows: MasterDataRow[] = roles.data ?? [];
  const blockErrors = (prefix: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`${prefix}.`) && /^\d+$/.test(k.slice(prefix.length + 1)))
        .map(([k, v]) => [Number(k.slice(prefix.length + 1)), v]),
    );

  const renderBlock = (block: ReminderBlock) => {
    if (block.key === 'globalStatus')
      return (
        <GlobalStatus
          key="globalStatus"
          statuses={state.statuses}
          countries={countries.data ?? []}
          errors={errors}
          onChange={(statuses) => setState((s) => ({ ...s, statuses }))}
        />
      );
    const key = block.key;
    const list = REMINDER_KEY_DEFS[key].roles;
    return (
      <Paper key={key} withBorder p="sm" radius="sm">
        <Text fw={600}>{block.title}</Text>
        <Text size="sm" c="dimmed" mb="xs">
          {block.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {list ? (
            <MultiSelect
              label="Send reminder to"
              placeholder="Select roles"
              data={asOptions(reminderRoleOptions(roleRows, list, tenantType))}
              value={state.blocks[key].roles.map(String)}
              onChange={(v) => setBlock(key, { roles: v.map(Number) })}
              clearable
            />
          ) : null}
          <DayEntries
            blockKey={key}
            label={block.title}
            days={state.blocks[key].days}
            errors={blockErrors(key)}
            onChange={(days) => setBlock(key, { days })}
          />
        </SimpleGrid>
      </Paper>
    );
  };

  return (
    <Stack gap="md">
      <Section title="Reminders">
        <Tabs
          value={activeTab}
          onChange={(v) => {
            setPicked(v);
            onSubTabChange(v, { replace: true });
          }}
          keepMounted={false}
          styles={{ list: { flexWrap: 'nowrap', overflowX: 'auto' }, tab: { whiteSpace: 'nowrap' } }}
        >
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.key} value={t.key} pt="md">
              <Stack gap="sm">{t.blocks.map(renderBlock)}</Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Section>

      <PreviewTimeline
        config={() => {
          const { config } = toSaveBody(state, false, null);
          return {
            ...(isSuperAdmin && tenantId ? { tenantId } : {}),
            config: {
              reminders: config.reminders,
              tenantDefaultTZ: config.tenantDefaultTZ,
              advCoolingPeriod: config.advCoolingPeriod,
            },
          };
        }}
      />

      <ReminderLists state={state} onBlock={(key, days) => setBlock(key, { days })} />

      {isSuperAdmin ? (
        <CapSeasons
          seasons={state.seasons}
          offered={seasonYears.data ?? []}
          onChange={(seasons) => setState((s) => ({ ...s, seasons }))}
        />
      ) : null}

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
              data={state.seasons.map((s) => s.seasonYear)}
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

      <Group justify="flex-end">
        {/* R-REM-027/028: Update when a config exists, else Save; disabled while saving. */}
        <Button onClick={onSave} disabled={save.isPending} loading={save.isPending}>
          {exists ? 'Update' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}

/** R-REM-014, R-REM-039/040: per-country day lists; a country once; adding needs the lists to validate. */
function GlobalStatus({
  statuses,
  countries,
  errors,
  onChange,
}: {
  statuses: FormState['statuses'];
  countries: MasterDataRow[];
  errors: Record<string, string>;
  onChange: (statuses: FormState['statuses']) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const used = new Set(statuses.map((s) => s.countryId));
  const onAdd = () => {
    const invalid = formProblems({ statuses } as FormState, []);
    if (Object.keys(invalid).length) {
      setProblem('Complete the days of the countries above first');
      return;
    }
    const country = countries.find((c) => String(c.id) === picked);
    if (!country) {
      setProblem('Select Country');
      return;
    }
    setProblem(null);
    setPicked(null);
    onChange([...statuses, { countryId: country.id, name: country.name, days: [null] }]);
  };
  return (
    <Paper withBorder p="sm" radius="sm" id="global-status-block">
      <Text fw={600}>Global Status</Text>
      <Text size="sm" c="dimmed" mb="xs">
        Days prior to expiry, per country
      </Text>
      <Stack gap="sm">
        {statuses.map((s, si) => (
          <Group key={s.countryId} align="flex-start" gap="md">
            <Badge variant="light" size="lg" miw={120}>
              {s.name}
            </Badge>
            <DayEntries
              blockKey="globalStatus"
              label={s.name}
              days={s.days}
              errors={Object.fromEntries(
                Object.entries(errors)
                  .filter(([k]) => k.startsWith(`globalStatus.${si}.`))
                  .map(([k, v]) => [Number(k.split('.')[2]), v]),
              )}
              onChange={(days) => onChange(statuses.map((x, i) => (i === si ? { ...x, days } : x)))}
            />
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red"
              onClick={() => onChange(statuses.filter((_, i) => i !== si))}
            >
              Remove {s.name}
            </Anchor>
          </Group>
        ))}
        <Group align="flex-end" gap="sm">
          <Select
            label="Country"
            placeholder="Select Country"
            searchable
            w={260}
            data={countries.filter((c) => !used.has(c.id)).map((c) => ({ value: String(c.id), label: c.name }))}
            value={picked}
            onChange={setPicked}
            error={problem}
          />
          <Button variant="light" onClick={onAdd}>
            Add Country
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** R-REM-055/041/042: role 1's cap seasons; years from the server list (D-22), never twice. */
function CapSeasons({
  seasons,
  offered,
  onChange,
}: {
  seasons: FormState['seasons'];
  offered: string[];
  onChange: (seasons: FormState['seasons']) => void;
}) {
  const [year, setYear] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onAdd = () => {
    if (!year || !date) {
      setError('Season year and effective date are required');
      return;
    }
    if (seasons.some((s) => s.seasonYear === year)) {
      setError(SEASON_YEAR_EXISTS);
      return;
    }
    setError(null);
    setYear(null);
    setDate('');
    onChange([...seasons, { seasonYear: year, effectiveDate: date }]);
  };
  return (
    <Section title="Cap Season Configuration">
      <Stack gap="sm">
        {seasons.length === 0 ? <Text c="dimmed">No seasons configured.</Text> : null}
        {seasons.map((s) => (
          <Group key={s.seasonYear} gap="sm">
            <Text fw={600}>{s.seasonYear}</Text>
            <Text>effective {s.effectiveDate}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red"
              onClick={() => onChange(seasons.filter((x) => x.seasonYear !== s.seasonYear))}
            >
              Remove {s.seasonYear}
            </Anchor>
          </Group>
        ))}
        <Group align="flex-start" gap="sm">
          {/* The server list leaves out saved years; years added since still show here and are refused. */}
          <Select
            label="Season year"
            placeholder="Select season year"
            searchable
            w={160}
            data={offered}
            value={year}
            onChange={setYear}
            error={error}
          />
          <TextInput
            label="Effective date"
            type="date"
            w={180}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Button variant="light" mt={24} onClick={onAdd}>
            Add Season
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/**
 * The settings Reminders tab lists (002 §2.2, §3.8): password expiry, permanent days prior to expiry and
 * global statuses. Show More extends a list unless its last entry is the sentinel: 999, or 0 for the global
 * statuses (R-REM-082..084). The global statuses are edited per country in the Global Status block.
 */
function ReminderLists({
  state,
  onBlock,
}: {
  state: FormState;
  onBlock: (key: ReminderKey, days: (number | null)[]) => void;
}) {
  const statusDays = state.statuses.flatMap((s) => s.days).filter((d): d is number => d !== null);
  return (
    <Section title="Reminder lists">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(
          [
            ['passwordExpiry', 'Password expiry', 'pwdExpiry'],
            ['permanentDaysPriorToExpiry', 'Permanent days prior to expiry', 'priorToExpiryPermDays'],
          ] as const
        ).map(([list, label, key]) => (
          <Stack key={list} gap={4}>
            <Text fw={600}>{label}</Text>
            <DayEntries
              blockKey={key}
              label={label}
              days={state.blocks[key].days}
              onChange={(days) => onBlock(key, days)}
              more={{ label: 'Show More', visible: canShowMore(list, state.blocks[key].days) }}
            />
          </Stack>
        ))}
        <Stack gap={4}>
          <Text fw={600}>Global statuses</Text>
          {statusDays.length === 0 ? (
            <Text size="sm" c="dimmed">
              No entries
            </Text>
          ) : (
            <Group gap={4}>
              {statusDays.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positions of an ordered list
                <Badge key={i} variant="outline">
                  {d} days
                </Badge>
              ))}
            </Group>
          )}
          {canShowMore('globalStatuses', statusDays) && state.statuses.length ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => document.getElementById('global-status-block')?.scrollIntoView({ behavior: 'smooth' })}
            >
              Show More
            </Anchor>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
