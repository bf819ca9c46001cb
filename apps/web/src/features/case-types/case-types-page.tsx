import { CustomCaseCodeSchema } from '@caseport/domain/case-codes/contracts';
import {
  type CaseTypeConfig,
  type CaseTypeSubType,
  CUSTOM_CODES_OFF_MESSAGE,
  customCodeTitle,
  LINKED_TITLE,
  ONE_QUESTIONNAIRE_MESSAGE,
  type PetitionConfigSaveBody,
  QUESTIONNAIRE_REQUIRED_MESSAGE,
  showsOneQuestionnaireNotice,
} from '@caseport/domain/case-types/contracts';
import { isOfferedFor, libraryScope } from '@caseport/domain/platform-library/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { PickerModal } from '../../components/picker-modal';
import { QuestionnairePreviewBody, QuestionnairePreviewModal } from '../../components/questionnaire-preview';
import { SectionHeading } from '../../components/section-heading';
import { isApiError } from '../../lib/api-client';
import type { TabPanelProps } from '../../lib/tab-panel';
import {
  useFormsAndLetters,
  useManageCaseSubTypes,
  useManageCaseTypes,
  usePetitionConfigs,
  useQuestionnairePreview,
  useQuestionnaires,
  useSaveCustomCode,
  useSavePetitionConfig,
  useSaveWorkflowLink,
  useWorkflowChoices,
  useWorkflowPreview,
} from './api';
import { SubTypeCard } from './sub-type-card';

type Picker = { kind: 'workflow' | 'questionnaire'; type: CaseTypeConfig; sub: CaseTypeSubType } | null;
type CustomCodeTarget = {
  typeId: number;
  subTypeId: number | null;
  name: string;
  details: { _id: string; code: string } | null;
};

/** The Case Configuration tab (`questionnarie`, 001 §2.2): case types, sub-types and their configuration. */
export default function CaseTypesPage(_props: TabPanelProps) {
  const configs = usePetitionConfigs();
  const forms = useFormsAndLetters();
  const manageTypes = useManageCaseTypes();
  const manageSubs = useManageCaseSubTypes();
  const saveConfig = useSavePetitionConfig();
  const [active, setActive] = useState<string | null>(null);
  const [picker, setPicker] = useState<Picker>(null);
  const [customCode, setCustomCode] = useState<CustomCodeTarget | null>(null);
  const [linked, setLinked] = useState<{ body: PetitionConfigSaveBody; resolve: (ok: boolean) => void } | null>(null);
  const narrow = useMediaQuery('(max-width: 48em)');
  const [switchError, setSwitchError] = useState<unknown>(null);

  const list = configs.data?.list ?? [];
  const current = list.find((t) => String(t.id) === active) ?? list[0];

  /**
   * R-CASETYPE-021/022 + R-API-005: saves the sub-type's configuration; LINKED_WITH_PETITION opens the popup and
   * the save continues with the chosen updateAction.
   */
  const save = async (
    type: CaseTypeConfig,
    sub: CaseTypeSubType,
    change: { questionnaireTplId?: string; formAndLetterIds?: string[] },
  ) => {
    const questionnaireTplId = change.questionnaireTplId ?? sub.configDetails?.questionnaireTplId;
    if (!questionnaireTplId) throw new Error(QUESTIONNAIRE_REQUIRED_MESSAGE);
    const body: PetitionConfigSaveBody = {
      typeId: type.id,
      subTypeId: sub.id,
      questionnaireTplId,
      formAndLetterIds: change.formAndLetterIds ?? sub.configDetails?.formAndLetterIds ?? [],
      insertTo: null,
      showPetitionAlert: false,
      active: true,
      updateAction: null,
      petitionConfigId: sub.configDetails?._id ?? null,
    };
    try {
      const res = await saveConfig.mutateAsync(body);
      notify.success(res.message);
      return true;
    } catch (e) {
      if (isApiError(e) && e.code === 'LINKED_WITH_PETITION') {
        return new Promise<boolean>((resolve) => setLinked({ body, resolve }));
      }
      throw e;
    }
  };

  const switchType = (type: CaseTypeConfig, selected: boolean) => {
    setSwitchError(null);
    manageTypes.mutate([{ id: type.id, selected, isCaseTypeSelected: selected }], {
      onSuccess: (r) => notify.success(r.message),
      onError: setSwitchError,
    });
  };
  const switchSub = (type: CaseTypeConfig, sub: CaseTypeSubType, selected: boolean) => {
    setSwitchError(null);
    manageSubs.mutate([{ id: sub.id, selected, isCaseTypeSelected: type.isCaseTypeSelected }], {
      onSuccess: (r) => notify.success(r.message),
      onError: setSwitchError,
    });
  };

  if (configs.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading case types" />
      </Center>
    );
  if (configs.isError)
    return (
      <Stack align="flex-start">
        <Title order={2}>Case Configuration</Title>
        <ErrorAlert error={configs.error} w="100%" />
        <Button variant="default" onClick={() => configs.refetch()} loading={configs.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  if (!current)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No Data Available
      </Text>
    );

  return (
    <Stack>
      <SectionHeading
        order={2}
        title="Case Configuration"
        description="Choose the case types and subtypes you file, then give each subtype its workflow, questionnaire and forms and letters."
      />
      <ErrorAlert error={switchError} onClear={() => setSwitchError(null)} />
      {configs.data.allowCustonCaseNo ? null : (
        // D-23 (issue 38): say why no Custom Code is offered, and where it is switched on.
        <Text size="sm" c="dimmed" data-testid="custom-codes-off">
          {CUSTOM_CODES_OFF_MESSAGE}.{' '}
          <Anchor component={Link} to="/settings/configReminders" size="sm">
            Open Reminders
          </Anchor>
        </Text>
      )}
      <Tabs
        value={String(current.id)}
        onChange={setActive}
        orientation="vertical"
        variant="pills"
        keepMounted={false}
        styles={{
          // On a phone the case-type list sits above the panel at full width (issue 15: 390 px).
          root: narrow ? { flexDirection: 'column' } : undefined,
          list: narrow
            ? { width: '100%', maxHeight: 220, overflowY: 'auto', flexWrap: 'nowrap' }
            : { width: 300, flexShrink: 0, maxHeight: '75vh', overflowY: 'auto', flexWrap: 'nowrap' },
          panel: { minWidth: 0 },
          tab: { justifyContent: 'flex-start' },
          // Whole names, wrapped: cut short, the two I-485 entries (Employment- and Family-Based) looked alike.
          tabLabel: { flex: 1, minWidth: 0, textAlign: 'left', whiteSpace: 'normal', overflowWrap: 'anywhere' },
          tabSection: { flexShrink: 0 },
        }}
      >
        <Tabs.List aria-label="Case types">
          {list.map((t) => (
            <Tabs.Tab
              key={t.id}
              value={String(t.id)}
              title={t.name}
              rightSection={
                <Badge
                  size="sm"
                  // 'default' (white with dark text) reads on the selected tab's filled background too; white
                  // text on teal needs the dark shade for AA contrast (4.5:1).
                  variant={t.isCaseTypeSelected ? 'filled' : 'default'}
                  color={t.isCaseTypeSelected ? 'teal.9' : undefined}
                >
                  {t.isCaseTypeSelected ? 'Yes' : 'No'}
                </Badge>
              }
            >
              {t.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {list.map((t) => (
          <Tabs.Panel key={t.id} value={String(t.id)} pl={narrow ? 0 : 'md'} pt={narrow ? 'md' : 0}>
            <Stack>
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between">
                  <Group gap="xs">
                    <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                      {t.name}
                    </Title>
                    <Badge variant="light" color="gray" radius="sm">
                      {t.casenoConfigDetails?.code ?? t.code}
                    </Badge>
                  </Group>
                  <Group>
                    {configs.data.allowCustonCaseNo && t.isCaseTypeSelected ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          setCustomCode({ typeId: t.id, subTypeId: null, name: t.name, details: t.casenoConfigDetails })
                        }
                      >
                        {t.casenoConfigDetails ? 'Edit Custom Code' : 'Add Custom Code'}
                      </Button>
                    ) : null}
                    <Switch
                      checked={t.isCaseTypeSelected}
                      disabled={manageTypes.isPending && manageTypes.variables?.[0]?.id === t.id}
                      onChange={(e) => switchType(t, e.currentTarget.checked)}
                      onLabel="Yes"
                      offLabel="No"
                      size="lg"
                      aria-label={`${t.name} enabled`}
                    />
                  </Group>
                </Group>
                {!t.isCaseTypeSelected ? (
                  <Text size="sm" c="dimmed" mt="xs">
                    Switch the case type on to choose its subtypes.
                  </Text>
                ) : null}
              </Paper>
              {t.subTypes.length === 0 ? (
                <Text c="dimmed">No Data Available</Text>
              ) : (
                t.subTypes.map((s) => (
                  <SubTypeCard
                    key={s.id}
                    sub={s}
                    caseTypeSelected={t.isCaseTypeSelected}
                    switching={manageSubs.isPending && manageSubs.variables?.[0]?.id === s.id}
                    onSwitch={(selected) => switchSub(t, s, selected)}
                    onChangeWorkflow={() => setPicker({ kind: 'workflow', type: t, sub: s })}
                    onChangeQuestionnaire={() => setPicker({ kind: 'questionnaire', type: t, sub: s })}
                    onCustomCode={
                      configs.data.allowCustonCaseNo
                        ? () =>
                            setCustomCode({
                              typeId: t.id,
                              subTypeId: s.id,
                              name: s.name,
                              details: s.casenoConfigDetails,
                            })
                        : undefined
                    }
                    // Issue 21: the platform library's entries show under the case types they are for.
                    forms={forms.data?.list.filter(
                      (f) => f.library !== 'platform' || isOfferedFor(libraryScope(f), t.id, s.id),
                    )}
                    formsError={forms.error}
                    onUpdateForms={async (ids) => {
                      await save(t, s, { formAndLetterIds: ids });
                    }}
                  />
                ))
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <WorkflowPicker picker={picker?.kind === 'workflow' ? picker : null} onClose={() => setPicker(null)} />
      <QuestionnairePicker
        picker={picker?.kind === 'questionnaire' ? picker : null}
        onClose={() => setPicker(null)}
        onSave={(p, id) => save(p.type, p.sub, { questionnaireTplId: id })}
      />
      <CustomCodeModal target={customCode} onClose={() => setCustomCode(null)} />
      <LinkedDialog
        pending={linked}
        onDone={(ok) => {
          linked?.resolve(ok);
          setLinked(null);
        }}
      />
    </Stack>
  );
}

function WorkflowPicker({ picker, onClose }: { picker: Picker; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  const choices = useWorkflowChoices(page, !!picker);
  const saveLink = useSaveWorkflowLink();
  const details = picker?.sub.workflowConfigDetails;
  const workflowPreview = useWorkflowPreview(preview);
  return (
    <>
      <PickerModal
        title="Change Workflow"
        opened={!!picker}
        onClose={() => {
          saveLink.reset();
          onClose();
        }}
        notice={
          picker ? (
            <Text size="sm">
              For <b>{picker.type.name}</b> · <b>{picker.sub.name}</b>. Only active workflows whose setup is complete
              are listed.
            </Text>
          ) : null
        }
        items={choices.data?.list.map((w) => ({ id: w._id, name: w.name, hint: w.workflowType }))}
        totalCount={choices.data?.totalCount ?? 0}
        loading={choices.isFetching}
        loadError={choices.error}
        page={page}
        onPage={setPage}
        initial={details?.workflowId ?? null}
        onPreview={setPreview}
        emptyText="No Data Available"
        saving={saveLink.isPending}
        saveError={saveLink.error}
        onClearSaveError={saveLink.reset}
        onSave={(workflowId) => {
          if (!picker) return;
          saveLink.mutate(
            {
              workflowId,
              petitionTypeId: picker.type.id,
              petitionSubTypeId: picker.sub.id,
              ...(details?.subTypeId === picker.sub.id ? { workflowConfigId: details._id } : {}),
            },
            {
              onSuccess: (r) => {
                notify.success(r.message);
                onClose();
              },
            },
          );
        }}
      />
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title="Workflow Preview"
        size="md"
        closeButtonProps={{ 'aria-label': 'Close preview' }}
      >
        {workflowPreview.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : workflowPreview.isError ? (
          <ErrorAlert error={workflowPreview.error} />
        ) : (
          <Stack gap="xs">
            <Text fw={600}>{workflowPreview.data.name}</Text>
            <Text size="sm" c="dimmed">
              {workflowPreview.data.workflowType}
            </Text>
            {workflowPreview.data.config.filter((a) => a.include === 'Yes').length === 0 ? (
              <Text size="sm" c="dimmed">
                No Data Available
              </Text>
            ) : (
              <ol style={{ margin: 0, paddingLeft: 20 }}>
                {workflowPreview.data.config
                  .filter((a) => a.include === 'Yes')
                  .map((a) => (
                    <li key={a.code}>
                      <Text size="sm">{a.name}</Text>
                    </li>
                  ))}
              </ol>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}

function QuestionnairePicker({
  picker,
  onClose,
  onSave,
}: {
  picker: Picker;
  onClose: () => void;
  onSave: (p: NonNullable<Picker>, questionnaireId: string) => Promise<boolean>;
}) {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const list = useQuestionnaires(page, !!picker);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <>
      <PickerModal
        title="Change Questionnaire"
        opened={!!picker}
        onClose={close}
        items={list.data?.list.map((q) => ({ id: q._id, name: q.name, hint: `For the ${q.entityType}` }))}
        totalCount={list.data?.totalCount ?? 0}
        loading={list.isFetching}
        loadError={list.error}
        page={page}
        onPage={setPage}
        initial={picker?.sub.configDetails?.questionnaireTplId ?? null}
        onPreview={setPreview}
        notice={
          list.data && showsOneQuestionnaireNotice(list.data.totalCount) ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
              {ONE_QUESTIONNAIRE_MESSAGE}
            </Alert>
          ) : null
        }
        emptyText="No Data Available"
        saving={saving}
        saveError={error}
        onClearSaveError={() => setError(null)}
        onSave={async (id) => {
          if (!picker) return;
          setSaving(true);
          try {
            if (await onSave(picker, id)) close();
          } catch (e) {
            setError(e);
          } finally {
            setSaving(false);
          }
        }}
      />
      <QuestionnairePreviewModal opened={!!preview} onClose={() => setPreview(null)}>
        {preview ? <PreviewBody questionnaireId={preview} /> : null}
      </QuestionnairePreviewModal>
    </>
  );
}

/** Issue 21: the published questionnaire exactly as the respondent sees it. */
function PreviewBody({ questionnaireId }: { questionnaireId: string }) {
  return <QuestionnairePreviewBody query={useQuestionnairePreview(questionnaireId)} />;
}

/** R-CASETYPE-026..030 (D-23): the Custom Code popup. */
function CustomCodeModal({ target, onClose }: { target: CustomCodeTarget | null; onClose: () => void }) {
  const save = useSaveCustomCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lastTarget, setLastTarget] = useState<CustomCodeTarget | null>(null);
  if (target !== lastTarget) {
    setLastTarget(target);
    setCode(target?.details?.code ?? '');
    setError(null);
    save.reset();
  }
  const close = () => onClose();
  return (
    <Modal
      opened={!!target}
      onClose={close}
      title={target ? customCodeTitle(!!target.details, target.name) : ''}
      size="sm"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!target) return;
          const parsed = CustomCaseCodeSchema.safeParse(code);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Invalid code');
            return;
          }
          save.mutate(
            {
              casenoConfigId: target.details?._id ?? null,
              typeId: target.typeId,
              subTypeId: target.subTypeId,
              code: parsed.data,
            },
            {
              onSuccess: (r) => {
                notify.success(r.message);
                close();
              },
            },
          );
        }}
      >
        <Stack>
          <ErrorAlert error={save.error} onClear={save.reset} />
          <TextInput
            label="Custom Code"
            withAsterisk
            value={code}
            maxLength={6}
            description="2 to 6 letters, digits, spaces or hyphens"
            error={error}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <ModalFooter onCancel={close} saving={save.isPending} cancelWhileSaving />
        </Stack>
      </form>
    </Modal>
  );
}

/** R-CASETYPE-023..025: the configuration is linked with cases — update it for them, or create a new one. */
function LinkedDialog({
  pending,
  onDone,
}: {
  pending: { body: PetitionConfigSaveBody } | null;
  onDone: (ok: boolean) => void;
}) {
  const save = useSavePetitionConfig();
  const choose = (updateAction: 'update' | 'create') => {
    if (!pending) return;
    save.mutate(
      { ...pending.body, updateAction },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          save.reset();
          onDone(true);
        },
      },
    );
  };
  return (
    <Modal
      opened={!!pending}
      onClose={() => {
        save.reset();
        onDone(false);
      }}
      title={LINKED_TITLE}
      size="md"
      closeOnClickOutside={!save.isPending}
    >
      <Stack>
        <ErrorAlert error={save.error} onClear={save.reset} />
        <Text size="sm">
          Cases already use this configuration. Update Existing changes it for those cases too; Create New keeps it for
          them and uses the new configuration for new cases.
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => choose('create')}
            loading={save.isPending && save.variables?.updateAction === 'create'}
          >
            Create New
          </Button>
          <Button
            onClick={() => choose('update')}
            loading={save.isPending && save.variables?.updateAction === 'update'}
          >
            Update Existing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
