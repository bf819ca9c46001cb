import { Role } from '@caseport/domain/auth/roles';
import type { TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import { STEP_TITLES, type Step } from '@caseport/domain/workflows/catalogue';
import { activityToWire, draftFromWire, type WorkflowWire } from '@caseport/domain/workflows/contracts';
import {
  applyAction,
  editorsFieldName,
  isAssignUsersOnHidden,
  isSequentialDisabled,
  newWorkflow,
  normalize,
  offersRfeChoice,
  type RuleContext,
  roleChoices,
  validateStep,
  visibleActivities,
  type WorkflowAction,
  type WorkflowDraft,
} from '@caseport/domain/workflows/rules';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  Skeleton,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { SetupBackButton } from '../../components/setup-footer';
import { SetupFooterControls, useSetupNav } from '../../components/setup-nav';
import { type ApiError, fieldErrors, isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useTenantDetails } from '../../lib/shell-queries';
import { ActivityCard } from './activity-card';
import { useActivityCodes, useCreateWorkflow, useRoleNames, useUpdateWorkflow, useWorkflow } from './api';

interface Props {
  workflowId: string;
  inSetup: boolean;
  /** Back to the list; null inside first-time setup (the setup footer leads on). */
  onClose: (() => void) | null;
  onEdit: (workflowId: string) => void;
}

/** What Create Workflow's dialog asks before the wizard opens: nothing of it is stored yet. */
export interface NewWorkflowStart {
  name: string;
  tplTypeId: TemplateTypeId;
  tenantId: string;
  tenantName: string;
  tenantType: 1 | 2;
  /** R-WF-012: only role 1 sends tenantId on creation. */
  sendTenantId: boolean;
}

/** How the editor stores a workflow that is not stored yet (Create Workflow). */
interface Unstored {
  sendTenantId: boolean;
  /** The workflow is stored (step 1 was continued from) under this id. */
  onStored: (workflowId: string) => void;
}

export function WorkflowEditor(props: Props) {
  const workflow = useWorkflow(props.workflowId);
  // R-WF-080: the tenant the workflow belongs to — its type decides which roles the activities offer.
  const tenant = useTenantDetails(workflow.data?.tenantId);
  // R-WF-079: names and descriptions come from the activity-codes call; the shared catalogue is the fallback.
  const codes = useActivityCodes();
  if (workflow.isError) return <ErrorAlert error={workflow.error} title="The workflow could not be loaded" />;
  if (tenant.isError) return <ErrorAlert error={tenant.error} title="The workflow's customer could not be loaded" />;
  if (workflow.isPending || tenant.isPending || codes.isPending) return <Skeleton height={420} radius="md" />;
  return (
    <EditorForm
      key={workflow.data._id}
      workflow={workflow.data}
      tenantType={tenant.data.tenantType}
      codeNames={codes.data}
      {...props}
    />
  );
}

/**
 * Create Workflow's wizard (issue 15): the workflow the dialog described, held in the browser. It is stored,
 * Pending and inactive, when the user continues from step 1 (R-WF-073); leaving before that stores nothing.
 */
export function NewWorkflowEditor(props: {
  start: NewWorkflowStart;
  onClose: () => void;
  onEdit: (workflowId: string) => void;
  onStored: (workflowId: string) => void;
}) {
  const { start } = props;
  const codes = useActivityCodes();
  const [workflow] = useState<WorkflowWire>(() => {
    const d = newWorkflow(start.name, start.tplTypeId, { tenantType: start.tenantType });
    return {
      ...d,
      config: d.config.map(activityToWire),
      _id: '',
      tenantId: start.tenantId,
      tenantDetails: { tenantId: start.tenantId, name: start.tenantName, tenantType: start.tenantType },
      configCompleted: false,
      active: false,
      isDefault: false,
      createdOn: '',
      updatedOn: '',
    };
  });
  if (codes.isPending) return <Skeleton height={420} radius="md" />;
  return (
    <EditorForm
      workflow={workflow}
      tenantType={start.tenantType}
      codeNames={codes.data}
      workflowId=""
      inSetup={false}
      onClose={props.onClose}
      onEdit={props.onEdit}
      unstored={{ sendTenantId: start.sendTenantId, onStored: props.onStored }}
    />
  );
}

/** The saved fields of a draft, as /workflow/update and /workflow/create take them (R-WF-072, R-WF-073). */
const draftBody = (d: WorkflowDraft) => ({
  name: d.name.trim(),
  workflowType: d.workflowType,
  assignUsersOn: d.assignUsersOn,
  config: d.config.map(activityToWire),
  manageRfeCase: d.manageRfeCase,
  showPetitionAlert: d.showPetitionAlert,
});
/** /workflow/create's body for a draft (R-WF-073); tenantId only from role 1 (R-WF-012). */
const createBody = (d: WorkflowDraft, done: boolean, tenantId: string | undefined) => ({
  ...draftBody(d),
  tplTypeId: d.tplTypeId,
  active: done,
  configCompleted: done,
  ...(tenantId ? { tenantId } : {}),
});

const scrollToFirstError = () =>
  requestAnimationFrame(() =>
    document
      .querySelector('[data-error="true"], .mantine-InputWrapper-error')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
  );

/** The 3-step editor (R-WF-013..016, D-14): every change goes through the shared rule engine. */
function EditorForm({
  workflow,
  tenantType,
  onClose,
  onEdit,
  codeNames,
  unstored,
}: Props & {
  workflow: WorkflowWire;
  tenantType: 1 | 2;
  codeNames: Map<string, { name: string; description: string }> | undefined;
  unstored?: Unstored;
}) {
  const me = useCurrentUser();
  // Inside first-time setup the editor's steps are walked with the setup footer's Back and Continue.
  const setupNav = useSetupNav();
  const ctx: RuleContext = useMemo(() => ({ tenantType }), [tenantType]);
  const [initialDraft] = useState<WorkflowDraft>(() => normalize(draftFromWire(workflow), ctx));
  const [draft, setDraft] = useState<WorkflowDraft>(initialDraft);
  // What is stored: the loaded workflow, or for Create Workflow nothing until step 1 is continued from.
  const [storedId, setStoredId] = useState<string | null>(workflow._id || null);
  const [baseline, setBaseline] = useState<WorkflowDraft>(initialDraft);
  const [saved, setSaved] = useState(false);
  // Leaving with unsaved changes (Back, the Workflows button, another tab) asks first; a reload too.
  const dirty = !saved && JSON.stringify(draft) !== JSON.stringify(baseline);
  // The guard reads refs, not this render's values: a save marks itself saved at once, so the navigation that
  // follows it is never held up by a render that has not happened yet.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const savedRef = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && !savedRef.current && currentLocation !== nextLocation,
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  const [step, setStep] = useState<Step>(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linked, setLinked] = useState<ApiError | null>(null);
  const update = useUpdateWorkflow();
  const store = useCreateWorkflow();
  const roleNames = useRoleNames();
  // Which roles are offered is the engine's rule; their names come from master data when it has them.
  const choices = useMemo(
    () =>
      roleChoices(ctx, draft.tplTypeId).map((r) => ({ ...r, roleName: roleNames.data?.get(r.roleId) ?? r.roleName })),
    [ctx, draft.tplTypeId, roleNames.data],
  );
  const dispatch = useCallback((action: WorkflowAction) => setDraft((d) => applyAction(d, action, ctx)), [ctx]);
  const tpl = draft.tplTypeId;

  // An error goes once the field it belongs to changes.
  useEffect(() => {
    setErrors((current) => {
      const next = { ...current };
      for (const name of Object.keys(current)) {
        if (name === 'name' && draft.name.trim()) delete next[name];
        const code = /^config\.(\w+)\.editors$/.exec(name)?.[1];
        const a = code ? draft.config.find((x) => x.code === code) : undefined;
        if (a && (a.editors.length || !a.include || !a.actionRequired)) delete next[name];
      }
      return Object.keys(next).length === Object.keys(current).length ? current : next;
    });
  }, [draft]);

  const check = (s: Step) => {
    const found = validateStep(draft, s, ctx);
    setErrors(Object.fromEntries(found.map((e) => [e.name, e.message])));
    if (found.length) scrollToFirstError();
    return found.length === 0;
  };
  const next = () => {
    setStep((s) => (s + 1) as Step);
    window.scrollTo({ top: 0 });
  };
  const onContinue = () => {
    if (!check(step)) return;
    if (storedId || !unstored) return next();
    // Create Workflow: continuing from step 1 stores the workflow, Pending and inactive (R-WF-073).
    store.mutate(createBody(draft, false, unstored.sendTenantId ? workflow.tenantId : undefined), {
      onSuccess: (r) => {
        notify.success(r.message);
        setStoredId(r.workflowId);
        setBaseline(draft);
        dirtyRef.current = false;
        unstored.onStored(r.workflowId);
        next();
      },
      onError: (e) => {
        setErrors(fieldErrors(e));
        scrollToFirstError();
      },
    });
  };
  const submitLabel = workflow.configCompleted ? 'Submit' : 'Complete Setup';
  const onSubmit = () => {
    for (const s of [1, 2, 3] as const) {
      if (!check(s)) {
        setStep(s);
        return;
      }
    }
    if (!storedId) return;
    update.mutate(
      // R-WF-031, D-14: both save with configCompleted and active true.
      { workflowId: storedId, ...draftBody(draft), configCompleted: true, active: true },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          savedRef.current = true;
          setSaved(true);
          // D-14 / R-SHELL-051: inside setup the saved workflow finishes its step; the setup goes on to the next
          // step, and congratulates only at its real end.
          if (setupNav) setupNav.advance();
          else onClose?.();
        },
        onError: (e) => {
          if (isApiError(e) && e.code === 'LINKED_WITH_PETITION') setLinked(e);
          else {
            setErrors(fieldErrors(e));
            scrollToFirstError();
          }
        },
      },
    );
  };

  const activities = visibleActivities(draft, step).map((a) => ({ ...a, ...codeNames?.get(a.code) }));
  return (
    <Stack gap="md">
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        message="Your changes to this workflow are not saved. Leave and discard them?"
        confirmLabel="Discard changes"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      <Group justify="space-between" align="center">
        <Group gap="xs">
          {onClose ? (
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClose}>
              Workflows
            </Button>
          ) : null}
          <Title order={2}>{draft.name || 'Workflow'}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {workflow.tenantDetails.name}
        </Text>
      </Group>

      <Stepper
        active={step - 1}
        onStepClick={(i) => i < step - 1 && setStep((i + 1) as Step)}
        allowNextStepsSelect={false}
        size="sm"
      >
        {([1, 2, 3] as const).map((s) => (
          <Stepper.Step key={s} label={`Step ${s}`} description={STEP_TITLES[s]} />
        ))}
      </Stepper>

      {/* R-API-002: a failed call shows the server's message in the form (a field's own error shows at the field). */}
      <ErrorAlert error={update.error && !linked ? update.error : null} onClear={() => update.reset()} />
      <ErrorAlert
        error={Object.keys(fieldErrors(store.error)).length ? null : store.error}
        onClear={() => store.reset()}
      />
      {storedId ? null : (
        <Text size="sm" c="dimmed">
          Nothing is saved yet. Continue saves this workflow as Pending; Complete Setup on step 3 makes it Complete and
          Active.
        </Text>
      )}

      {step === 1 ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <TextInput
              label="Workflow Name"
              required
              value={draft.name}
              onChange={(e) => dispatch({ type: 'setName', name: e.currentTarget.value })}
              error={errors.name}
              maxLength={100}
              maw={480}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Workflow Type
              </Text>
              <SegmentedControl
                w="fit-content"
                value={draft.workflowType}
                onChange={(v) => dispatch({ type: 'setWorkflowType', value: v as WorkflowDraft['workflowType'] })}
                data={[
                  { value: 'Free-Flow', label: 'Free-Flow' },
                  { value: 'Sequential', label: 'Sequential', disabled: isSequentialDisabled(tpl) },
                ]}
              />
            </Stack>
            {isAssignUsersOnHidden(tpl) ? null : (
              <Radio.Group
                label="Assign users on"
                value={draft.assignUsersOn}
                onChange={(v) => dispatch({ type: 'setAssignUsersOn', value: v as WorkflowDraft['assignUsersOn'] })}
              >
                <Group mt={6}>
                  <Radio value="questionnaire-submitted" label="Questionnaire submitted" />
                  <Radio value="case-created" label="Case created" />
                </Group>
              </Radio.Group>
            )}
            {offersRfeChoice(tpl) ? (
              <Radio.Group
                label="RFE handling"
                description="Handle Requests for Evidence inside the case, or file them as a separate case."
                value={draft.manageRfeCase}
                onChange={(v) => dispatch({ type: 'setRfeHandling', value: v as WorkflowDraft['manageRfeCase'] })}
              >
                <Group mt={6}>
                  <Radio value="with_in_case" label="Within the case" />
                  <Radio value="filed_separately" label="Filed separately" />
                </Group>
              </Radio.Group>
            ) : null}
            <Switch
              label="Show petition alert"
              checked={draft.showPetitionAlert}
              onChange={(e) => dispatch({ type: 'setShowPetitionAlert', value: e.currentTarget.checked })}
            />
          </Stack>
        </Paper>
      ) : null}

      <Stack gap="sm" component="section" aria-label={`Step ${step} activities`}>
        {activities.map((a) => (
          <div key={a.code} data-error={errors[editorsFieldName(a.code)] ? 'true' : undefined}>
            <ActivityCard
              activity={a}
              draft={draft}
              ctx={ctx}
              choices={choices}
              error={errors[editorsFieldName(a.code)]}
              dispatch={dispatch}
            />
          </div>
        ))}
      </Stack>

      {setupNav ? (
        <SetupFooterControls
          back={<SetupBackButton onBack={step > 1 ? () => setStep((s) => (s - 1) as Step) : setupNav.back} />}
          primary={
            step < 3 ? (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                onClick={onContinue}
                loading={store.isPending}
              >
                Continue
              </Button>
            ) : (
              <Button onClick={onSubmit} loading={update.isPending}>
                {submitLabel}
              </Button>
            )
          }
        />
      ) : (
        <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep((s) => (s - 1) as Step)} disabled={step === 1}>
              Back
            </Button>
            {step < 3 ? (
              <Button onClick={onContinue} loading={store.isPending}>
                Continue
              </Button>
            ) : (
              <Button onClick={onSubmit} loading={update.isPending}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Paper>
      )}

      {linked ? (
        <SaveAsNewDialog
          message={linked.message}
          draft={draft}
          tenantId={me.roleId === Role.SuperAdmin ? workflow.tenantId : undefined}
          onClose={() => setLinked(null)}
          onCreated={(id) => {
            setLinked(null);
            onEdit(id);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** R-API-003/004: LINKED_WITH_PETITION shows the server's message; the changes go to a new workflow whose name starts empty. */
function SaveAsNewDialog(props: {
  message: string;
  draft: WorkflowDraft;
  tenantId: string | undefined;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWorkflow();
  const onSave = () => {
    if (!name.trim()) {
      setError('Workflow name is required');
      return;
    }
    create.mutate(createBody({ ...props.draft, name }, true, props.tenantId), {
      onSuccess: (r) => {
        notify.success(r.message);
        props.onCreated(r.workflowId);
      },
      onError: (e) => setError(fieldErrors(e).name ?? null),
    });
  };
  return (
    <Modal opened onClose={props.onClose} title="Workflow is linked with cases" centered>
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {props.message}
        </Alert>
        <ErrorAlert error={create.error && !error ? create.error : null} onClear={() => create.reset()} />
        <TextInput
          label="New Workflow Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <ModalFooter
          onCancel={props.onClose}
          saving={create.isPending}
          cancelWhileSaving
          saveLabel="Save as New Workflow"
          onSave={onSave}
        />
      </Stack>
    </Modal>
  );
}
