import { Role, type TenantTypeId } from '@caseport/domain/auth/roles';
import { type ReminderKey, reminderTabs } from '@caseport/domain/reminders/days';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CustomerSelect } from '../../components/customer-select';
import { notify } from '../../components/notify';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useCustomerList } from '../../lib/use-customer-list';
import { type MasterDataRow, useMasterData } from '../../lib/use-master-data';
import { useGlobalConfig, useSaveGlobalConfig, useSeasonYears } from './api';
import { CapSeasons } from './cap-seasons';
import { type FormState, formProblems, type GeneralFields, toFormState, toSaveBody } from './form-state';
import { GeneralSettings } from './general-settings';
import { PreviewTimeline } from './preview-timeline';
import { ReminderTabs } from './reminder-blocks';
import { ReminderLists } from './reminder-lists';

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
      <Title order={2}>Global Configuration</Title>
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
  // Issue 38 finding 9: a refused save brings the first wrong entry into view and focuses it, once the render
  // that marks it (and opens its family tab) is on screen.
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  }, [focusRequest]);
  // R-REM-071: roles (page 1, perpage 10000); time zones, couriers and countries are asked by their sections.
  const roles = useMasterData('user_roles', { perpage: 10000 });
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
    const first = Object.keys(problems)[0];
    if (first) {
      notify.error('Please correct the highlighted reminder days');
      // Issue 38 finding 9: the first wrong entry is brought into view and focused (on its family tab).
      const block = first.split('.')[0];
      const tab = tabs.find((t) => t.blocks.some((b) => b.key === block));
      if (tab && tab.key !== activeTab) {
        setPicked(tab.key);
        onSubTabChange(tab.key, { replace: true });
      }
      setFocusRequest((n) => n + 1);
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

  return (
    <Stack gap="md" ref={formRef}>
      <ReminderTabs
        tabs={tabs}
        activeTab={activeTab}
        onTabChange={(v) => {
          setPicked(v);
          onSubTabChange(v, { replace: true });
        }}
        state={state}
        setState={setState}
        errors={errors}
        roleRows={roleRows}
        tenantType={tenantType}
      />

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
      <GeneralSettings general={general} seasons={state.seasons} roleRows={roleRows} setGeneral={setGeneral} />

      <Group justify="flex-end">
        {/* R-REM-027/028: Update when a config exists, else Save; disabled while saving. */}
        <Button onClick={onSave} disabled={save.isPending} loading={save.isPending}>
          {exists ? 'Update' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}
