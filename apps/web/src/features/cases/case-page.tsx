import { type CaseDetails, partiesOf } from '@caseport/domain/cases/contracts';
import { type FactDef, factsFor } from '@caseport/domain/cases/facts';
import { formatPostalAddress, type Person, type PersonInput, personFullName } from '@caseport/domain/people/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { notify } from '../../components/notify';
import { api, isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { caseDetailsKey, useCaseDetails, useCaseHistory, useCaseReminders, usePetitioners, useUpdateCase } from './api';
import { CaseAccounts } from './case-accounts';
import { CaseActivities } from './case-activities';
import { CaseDocuments } from './case-documents';
import { CaseEnvelopes } from './case-envelopes';
import { CaseInvoices } from './case-invoices';
import { CaseQuestionnaire } from './case-questionnaire';
import { type FactDraft, factError, factErrors, factsToSend } from './fact-field';
import { FeeEstimate } from './fee-estimate';
import { FactGroups } from './new-case-wizard';
import { PersonForm } from './person-form';
import { PersonPicker } from './person-picker';

const TABS = ['overview', 'activities', 'questionnaire', 'documents', 'fees', 'reminders', 'history'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = {
  overview: 'Overview',
  activities: 'Activities',
  questionnaire: 'Questionnaire',
  documents: 'Documents',
  fees: 'Fees',
  reminders: 'Reminders',
  history: 'History',
};

/** The case page (issue 34 item 4): `/cases/:id`, `?tab=` a tab, `?field=<where>.<key>` a field to open. */
export default function CasePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const field = params.get('field');
  const tabParam = params.get('tab') as TabName | null;
  const tab: TabName = field ? 'overview' : tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const details = useCaseDetails(id);
  const me = useCurrentUser();

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/cases" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden="true" />
            Back to cases
          </Group>
        </Anchor>
        <Anchor component={Link} to="/settings" size="sm">
          <Group gap={4} component="span">
            <IconSettings size={16} aria-hidden="true" />
            Settings
          </Group>
        </Anchor>
      </Group>
      {details.isPending ? (
        <Stack gap="sm" aria-label="Loading the case">
          <Skeleton h={32} w={260} />
          <Skeleton h={18} w={360} />
          <Skeleton h={240} />
        </Stack>
      ) : details.isError ? (
        <ErrorAlert
          error={details.error}
          title={isApiError(details.error) && details.error.status === 404 ? 'Case not found' : undefined}
        />
      ) : (
        <>
          <CaseHeader details={details.data} />
          <Tabs
            value={tab}
            onChange={(t) => {
              const nextParams = new URLSearchParams(params);
              nextParams.delete('field');
              if (!t || t === 'overview') nextParams.delete('tab');
              else nextParams.set('tab', t);
              setParams(nextParams, { replace: true });
            }}
            keepMounted={false}
          >
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }} aria-label="Case">
              {TABS.map((t) => (
                <Tabs.Tab key={t} value={t} style={{ flexShrink: 0 }}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <Overview details={details.data} field={field} isPetitionerCompany={me.tenantType === 2} />
            </Tabs.Panel>
            <Tabs.Panel value="activities" pt="md">
              <CaseActivities caseId={id} />
            </Tabs.Panel>
            <Tabs.Panel value="questionnaire" pt="md">
              <CaseQuestionnaire caseId={id} />
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <Stack gap="md">
                <CaseDocuments caseId={id} details={details.data} />
                <CaseEnvelopes caseId={id} details={details.data} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="fees" pt="md">
              <Stack gap="md">
                <Paper withBorder radius="md" p="md">
                  <Title order={3} size="h4" mb="sm">
                    Fee estimate
                  </Title>
                  <FeeEstimate caseId={id} />
                </Paper>
                <CaseInvoices caseId={id} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="reminders" pt="md">
              <Reminders caseId={id} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <History caseId={id} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}

function CaseHeader({ details }: { details: CaseDetails }) {
  const c = details.case;
  const parties = partiesOf(c);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={2} ff="monospace" data-testid="case-number" style={{ wordBreak: 'break-all' }}>
            {c.caseNumber}
          </Title>
          <Badge color={c.status === 'open' ? 'teal' : 'gray'} variant="light">
            {c.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {c.typeName} · {c.subTypeName}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {parties.petitioner ? <DetailField label="Petitioner">{details.petitioner?.name}</DetailField> : null}
          <DetailField label={parties.beneficiaryLabel}>{personFullName(details.beneficiary)}</DetailField>
          {parties.sponsor ? <DetailField label="Sponsor">{personFullName(details.sponsor)}</DetailField> : null}
          <DetailField label="Owner">{c.ownerName}</DetailField>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** `?field=`: which person modal to open and the input to focus there. */
const PERSON_FIELD_IDS: Record<string, string> = {
  name: 'person-givenName',
  passportExpiry: 'person-passportExpiry',
  i94Expiry: 'person-i94Expiry',
  statusExpiry: 'person-statusExpiry',
};

const focusById = (id: string) => {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  (el as HTMLElement).focus({ preventScroll: true });
  return true;
};

function Overview({
  details,
  field,
  isPetitionerCompany,
}: {
  details: CaseDetails;
  field: string | null;
  isPetitionerCompany: boolean;
}) {
  const c = details.case;
  const parties = partiesOf(c);
  const defs = useMemo(() => factsFor({ category: c.category, code: c.typeCode }), [c.category, c.typeCode]);
  const [editing, setEditing] = useState<{ who: 'beneficiary' | 'sponsor'; focus?: string } | null>(null);
  const [changing, setChanging] = useState<'beneficiary' | 'sponsor' | null>(null);
  const focused = useRef<string | null>(null);

  useEffect(() => {
    if (!field || focused.current === field) return;
    focused.current = field;
    const [where, key] = field.split('.') as [string, string];
    if (where === 'fact') {
      // The facts render with the page; the next frame has them laid out.
      requestAnimationFrame(() => focusById(`fact-${key}`));
    } else if (where === 'beneficiary' || where === 'sponsor') {
      const person = where === 'beneficiary' ? details.beneficiary : details.sponsor;
      if (person) setEditing({ who: where, focus: PERSON_FIELD_IDS[key] ?? 'person-givenName' });
      else requestAnimationFrame(() => focusById(`case-${where}`));
    } else if (where === 'petitioner') requestAnimationFrame(() => focusById('case-petitioner'));
  }, [field, details.beneficiary, details.sponsor]);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          People
        </Title>
        <SimpleGrid cols={{ base: 1, md: parties.sponsor || parties.petitioner ? 2 : 1 }} spacing="md">
          {parties.petitioner ? <PetitionerBlock details={details} isPetitionerCompany={isPetitionerCompany} /> : null}
          <PersonBlock
            who="beneficiary"
            label={parties.beneficiaryLabel}
            person={details.beneficiary}
            onEdit={() => setEditing({ who: 'beneficiary' })}
            onChange={() => setChanging('beneficiary')}
          />
          {parties.sponsor ? (
            <PersonBlock
              who="sponsor"
              label="Sponsor"
              person={details.sponsor}
              onEdit={() => setEditing({ who: 'sponsor' })}
              onChange={() => setChanging('sponsor')}
            />
          ) : null}
        </SimpleGrid>
      </Paper>
      <CaseAccounts details={details} />
      <FactsEditor details={details} defs={defs} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          Configuration
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField label="Workflow">{details.pinned.workflow?.name}</DetailField>
          <DetailField label="Questionnaire">
            {details.pinned.questionnaire
              ? `${details.pinned.questionnaire.name}, version ${details.pinned.questionnaire.version}`
              : null}
          </DetailField>
        </SimpleGrid>
      </Paper>
      {editing ? (
        <EditPersonModal
          details={details}
          who={editing.who}
          focus={editing.focus}
          onClose={() => setEditing(null)}
          label={editing.who === 'sponsor' ? 'Sponsor' : parties.beneficiaryLabel}
        />
      ) : null}
      {changing ? (
        <ChangePersonModal
          details={details}
          who={changing}
          label={changing === 'sponsor' ? 'Sponsor' : parties.beneficiaryLabel}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </Stack>
  );
}

function PetitionerBlock({ details, isPetitionerCompany }: { details: CaseDetails; isPetitionerCompany: boolean }) {
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState(false);
  const petitioners = usePetitioners(search, picking);
  const update = useUpdateCase();
  return (
    <Stack gap={6} id="case-petitioner" tabIndex={-1}>
      <Text fw={600}>Petitioner</Text>
      <DetailField label="Name">{details.petitioner?.name}</DetailField>
      <DetailField label="Address">{details.petitioner?.address}</DetailField>
      {isPetitionerCompany ? (
        <Text size="xs" c="dimmed">
          Your own company: its address comes from your company profile.
        </Text>
      ) : picking ? (
        <Select
          label="Change the petitioner"
          placeholder="Search your petitioners"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(petitioners.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
          onChange={(v) => {
            if (!v) return;
            update.mutate(
              { caseId: details.case._id, petitionerId: v },
              {
                onSuccess: (r) => {
                  notify.success(r.message);
                  setPicking(false);
                },
                onError: (e) => notify.error(e instanceof Error ? e.message : 'Could not save'),
              },
            );
          }}
          error={update.isError ? update.error.message : undefined}
        />
      ) : (
        <Group>
          <Button size="xs" variant="light" onClick={() => setPicking(true)}>
            Change petitioner
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PersonBlock({
  who,
  label,
  person,
  onEdit,
  onChange,
}: {
  who: 'beneficiary' | 'sponsor';
  label: string;
  person: Person | null;
  onEdit: () => void;
  onChange: () => void;
}) {
  return (
    <Stack gap={6} id={`case-${who}`} tabIndex={-1}>
      <Text fw={600}>{label}</Text>
      {person ? (
        <SimpleGrid cols={2} spacing={6}>
          <DetailField label="Name">{personFullName(person)}</DetailField>
          <DetailField label="Date of birth">{person.dateOfBirth}</DetailField>
          <DetailField label="Citizenship">{person.countryOfCitizenship}</DetailField>
          <DetailField label="Passport expiry">{person.passportExpiry}</DetailField>
          <DetailField label="I-94 expiry">{person.i94Expiry}</DetailField>
          <DetailField label="Status">
            {[person.currentStatus, person.statusExpiry ? `until ${person.statusExpiry}` : null]
              .filter(Boolean)
              .join(' ')}
          </DetailField>
          <DetailField label="E-mail">{person.email}</DetailField>
          <DetailField label="Address">{formatPostalAddress(person.address)}</DetailField>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          No {label.toLowerCase()} yet.
        </Text>
      )}
      <Group gap="xs">
        {person ? (
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit the ${label.toLowerCase()}`}>
            Edit
          </Button>
        ) : null}
        <Button size="xs" variant="subtle" onClick={onChange} aria-label={`Change the ${label.toLowerCase()}`}>
          {person ? 'Change' : `Add ${label.toLowerCase()}`}
        </Button>
      </Group>
    </Stack>
  );
}

const personServerErrors = (e: unknown, prefix: string): Record<string, string> =>
  isApiError(e) && e.fields
    ? Object.fromEntries(
        e.fields.filter((f) => f.name.startsWith(prefix)).map((f) => [f.name.slice(prefix.length), f.message]),
      )
    : {};

function EditPersonModal({
  details,
  who,
  focus,
  label,
  onClose,
}: {
  details: CaseDetails;
  who: 'beneficiary' | 'sponsor';
  focus?: string | undefined;
  label: string;
  onClose: () => void;
}) {
  const person = who === 'beneficiary' ? details.beneficiary : details.sponsor;
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (input: PersonInput) => api.call('/api/people/update', { personId: person?._id ?? '', person: input }),
    onSuccess: (r) => {
      notify.success(r.message);
      void client.invalidateQueries({ queryKey: caseDetailsKey(details.case._id) });
      onClose();
    },
  });
  useEffect(() => {
    if (!focus) return;
    const t = setTimeout(() => focusById(focus), 250);
    return () => clearTimeout(t);
  }, [focus]);
  if (!person) return null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit the ${label.toLowerCase()}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PersonForm
        label={`Edit the ${label.toLowerCase()}`}
        initial={person}
        submitLabel="Save"
        onSubmit={(input) => save.mutate(input)}
        onCancel={onClose}
        loading={save.isPending}
        serverErrors={personServerErrors(save.error, 'person.')}
      >
        {person.caseCount > 1 ? (
          <Text size="xs" c="dimmed">
            This person is named on {person.caseCount} cases: the change shows on each.
          </Text>
        ) : null}
        <ErrorAlert error={isApiError(save.error) && save.error.fields ? null : save.error} />
      </PersonForm>
    </Modal>
  );
}

function ChangePersonModal({
  details,
  who,
  label,
  onClose,
}: {
  details: CaseDetails;
  who: 'beneficiary' | 'sponsor';
  label: string;
  onClose: () => void;
}) {
  const update = useUpdateCase();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${label} of ${details.case.caseNumber}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <PersonPicker
          party={label}
          onPick={(choice) =>
            update.mutate(
              { caseId: details.case._id, [who]: choice.ref },
              {
                onSuccess: (r) => {
                  notify.success(r.message);
                  onClose();
                },
              },
            )
          }
        />
        <ErrorAlert error={update.error} />
      </Stack>
    </Modal>
  );
}

const draftOf = (details: CaseDetails): FactDraft => ({ ...details.facts });

function FactsEditor({ details, defs }: { details: CaseDetails; defs: FactDef[] }) {
  const [draft, setDraft] = useState<FactDraft>(() => draftOf(details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const update = useUpdateCase();
  const dirty =
    JSON.stringify(factsToSend(defs, draft, { dropBlank: true })) !==
    JSON.stringify(factsToSend(defs, draftOf(details), { dropBlank: true }));

  const onSave = () => {
    const e = factErrors(defs, draft);
    setErrors(e);
    if (Object.keys(e).length) {
      const first = defs.find((d) => e[`facts.${d.key}`]);
      if (first) focusById(`fact-${first.key}`);
      return;
    }
    setServerError(null);
    update.mutate(
      { caseId: details.case._id, facts: factsToSend(defs, draft, { dropBlank: false }) },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          setDraft(draftOf(r.details));
        },
        onError: (err) => {
          const fields = isApiError(err) ? (err.fields ?? []) : [];
          const placed = fields.filter((f) => f.name.startsWith('facts.'));
          setErrors(Object.fromEntries(placed.map((f) => [f.name.replace(/^(facts\.[^.]+).*$/, '$1'), f.message])));
          if (placed.length < fields.length || !fields.length) setServerError(err);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Facts">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Facts
        </Title>
      </Group>
      <FactGroups
        defs={defs}
        draft={draft}
        errors={errors}
        onChange={(key, value) => {
          setDraft((f) => ({ ...f, [key]: value }));
          setErrors(({ [`facts.${key}`]: _, ...rest }) => rest);
        }}
        onBlur={(d) => {
          const e = factError(d, draft[d.key]);
          if (e) setErrors((all) => ({ ...all, [`facts.${d.key}`]: e }));
        }}
      />
      <ErrorAlert error={serverError} onClear={() => setServerError(null)} mt="md" />
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" disabled={!dirty} onClick={() => setDraft(draftOf(details))}>
          Reset
        </Button>
        <Button onClick={onSave} loading={update.isPending} disabled={!dirty}>
          Save facts
        </Button>
      </Group>
    </Paper>
  );
}

function Reminders({ caseId }: { caseId: string }) {
  const reminders = useCaseReminders(caseId);
  if (reminders.isPending) return <LoadingLines label="Loading the reminders" count={2} />;
  if (reminders.isError) return <ErrorAlert error={reminders.error} />;
  const { list, from, to, written } = reminders.data;
  return (
    <Stack gap="md">
      <ReminderTable
        title="Due in the next 60 days"
        subtitle={`${from} to ${to}`}
        label="Case reminders"
        whoLabel="Who receives it"
        empty="Nothing falls due for this case in the next 60 days."
        rows={list.map((r) => ({
          id: `${r.key}-${r.dueOn}`,
          ...r,
          link: r.field ? (
            <Anchor component={Link} to={`?field=${encodeURIComponent(r.field)}`} size="xs">
              Open the date
            </Anchor>
          ) : null,
          who: r.recipients.map((g) => (
            <Text key={g.roleId} size="sm" c={g.status === 'missing' ? 'red' : undefined}>
              {g.roleName}:{' '}
              {g.status === 'missing'
                ? 'nobody (the case has no such person)'
                : g.recipients.map((p) => p.name || p.email).join(', ')}
            </Text>
          )),
        }))}
      />
      <ReminderTable
        title="Written reminders"
        label="Written reminders"
        whoLabel="Sent to"
        empty="No reminder has been written for this case yet."
        rows={written.map((w) => ({
          id: w._id,
          ...w,
          link: null,
          who:
            w.status === 'missing' ? (
              <Text size="sm" c="red">
                Not delivered: no {w.roleName} on the case
              </Text>
            ) : (
              <Text size="sm">
                {w.recipient?.name || w.recipient?.email}
                {w.emailed ? ' (e-mailed)' : ''}
              </Text>
            ),
        }))}
      />
    </Stack>
  );
}

/** One list of reminders of the case: when each is due, what it counts from, and who it reaches. */
function ReminderTable(props: {
  title: string;
  subtitle?: string;
  label: string;
  whoLabel: string;
  empty: string;
  rows: {
    id: string;
    dueOn: string;
    title: string;
    offsetDays: number;
    direction: string;
    dateLabel: string;
    anchorOn: string;
    link: ReactNode;
    who: ReactNode;
  }[];
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="xs">
        {props.title}
      </Title>
      {props.subtitle ? (
        <Text size="sm" c="dimmed" mb="sm">
          {props.subtitle}
        </Text>
      ) : null}
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <CaseTable label={props.label} minWidth={560} columns={['Due', 'Reminder', props.whoLabel]}>
          {props.rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.dueOn}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.title}</Text>
                <Text size="xs" c="dimmed">
                  {r.offsetDays} days {r.direction} {r.dateLabel} ({r.anchorOn}) {r.link}
                </Text>
              </Table.Td>
              <Table.Td>{r.who}</Table.Td>
            </Table.Tr>
          ))}
        </CaseTable>
      )}
    </Paper>
  );
}

function History({ caseId }: { caseId: string }) {
  const history = useCaseHistory(caseId);
  if (history.isPending) return <LoadingLines label="Loading the history" count={3} />;
  if (history.isError) return <ErrorAlert error={history.error} />;
  const rows = [...history.data.list].sort((a, b) => (a.at < b.at ? 1 : -1));
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened on this case yet.
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <CaseTable label="Case history" minWidth={520} columns={['When', 'Who', 'What']}>
        {rows.map((r) => (
          <Table.Tr key={r._id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at)}</Table.Td>
            <Table.Td>{r.userName ?? 'Caseport'}</Table.Td>
            <Table.Td>
              {[r.entity, r.action].filter(Boolean).join(' ')}
              {r.fields.length ? (
                <Text size="xs" c="dimmed">
                  {r.fields.join(', ')}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </CaseTable>
    </Paper>
  );
}

/** A tab's loading state: a few grey lines. */
function LoadingLines({ label, count }: { label: string; count: number }) {
  return (
    <Stack gap="xs" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
        <Skeleton key={i} h={20} />
      ))}
    </Stack>
  );
}

/** A tab's table: striped, scrolling sideways on a narrow screen. */
function CaseTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
