import type { CaseTypeSubType } from '@caseport/domain/case-types/contracts';
import { subTypeSwitchDisabled } from '@caseport/domain/case-types/contracts';
import type { FormLetter } from '@caseport/domain/letters/contracts';
import { formatEdition, libraryDocumentUrl } from '@caseport/domain/platform-library/contracts';
import { Anchor, Badge, Button, Checkbox, Divider, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { downloadUrl } from './api';

export interface SubTypeCardProps {
  sub: CaseTypeSubType;
  caseTypeSelected: boolean;
  switching: boolean;
  onSwitch: (selected: boolean) => void;
  onChangeWorkflow: () => void;
  onChangeQuestionnaire: () => void;
  /** D-23: absent when allowCustonCaseNo is off. */
  onCustomCode?: () => void;
  forms: FormLetter[] | undefined;
  formsError: unknown;
  onUpdateForms: (ids: string[]) => Promise<void>;
}

const FORM_TYPE_LABEL: Record<FormLetter['type'], string> = {
  Form: 'Form',
  Letter: 'Letter',
  audit_response: 'Audit response',
};

function Setting({
  label,
  value,
  action,
  empty = 'Not selected',
}: {
  label: string;
  value: string | null;
  action: React.ReactNode;
  empty?: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} fs={value ? undefined : 'italic'}>
        {value ?? empty}
      </Text>
      <div>{action}</div>
    </Stack>
  );
}

/** One sub-type: its Yes/No switch (R-CASETYPE-002/003) and, when on, its workflow, questionnaire, custom code
 *  and the Forms and Letters checklist (R-CASETYPE-012/013). */
export function SubTypeCard(props: SubTypeCardProps) {
  const { sub } = props;
  const saved = sub.configDetails?.formAndLetterIds;
  const [checked, setChecked] = useState<string[]>(saved ?? []);
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => setChecked(saved ?? []), [saved]);
  const on = sub.isCaseTypeSelected;
  const disabled = subTypeSwitchDisabled(props.caseTypeSelected);
  const ownWorkflow = sub.workflowConfigDetails;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {sub.name}
          </Text>
          <Badge variant="light" color="gray" radius="sm">
            {sub.casenoConfigDetails?.code ?? sub.code}
          </Badge>
        </Group>
        <Switch
          checked={on}
          disabled={disabled || props.switching}
          onChange={(e) => props.onSwitch(e.currentTarget.checked)}
          onLabel="Yes"
          offLabel="No"
          size="md"
          aria-label={`${sub.name} enabled`}
        />
      </Group>
      {on && !disabled ? (
        <Stack mt="md" gap="md">
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: props.onCustomCode ? 3 : 2 }}>
            <Setting
              label="Workflow"
              value={ownWorkflow ? `${ownWorkflow.workflowName}${ownWorkflow.subTypeId ? '' : ' (case type)'}` : null}
              action={
                <Button size="xs" variant="light" onClick={props.onChangeWorkflow}>
                  Change Workflow
                </Button>
              }
            />
            <Setting
              label="Questionnaire"
              value={sub.configDetails?.questionnaireName ?? null}
              action={
                <Button size="xs" variant="light" onClick={props.onChangeQuestionnaire}>
                  Change Questionnaire
                </Button>
              }
            />
            {props.onCustomCode ? (
              <Setting
                label="Custom Code"
                value={sub.casenoConfigDetails?.code ?? null}
                empty={`None (uses ${sub.code})`}
                action={
                  <Button size="xs" variant="light" onClick={props.onCustomCode}>
                    {sub.casenoConfigDetails ? 'Edit Custom Code' : 'Add Custom Code'}
                  </Button>
                }
              />
            ) : null}
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Forms and Letters
            </Text>
            <ErrorAlert error={error ?? props.formsError} onClear={() => setError(null)} />
            {props.forms && props.forms.length === 0 ? (
              <Text size="sm" c="dimmed">
                No Data Available
              </Text>
            ) : (
              <Checkbox.Group value={checked} onChange={setChecked} aria-label={`Forms and Letters of ${sub.name}`}>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
                  {(props.forms ?? []).map((f) => (
                    // Wraps on a phone: a platform form's name, type, edition and Download do not fit 390 px.
                    <Group key={f._id} gap="xs" wrap="wrap">
                      <Checkbox value={f._id} label={f.name} style={{ minWidth: 0 }} />
                      <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                        {FORM_TYPE_LABEL[f.type]}
                      </Badge>
                      {f.edition ? (
                        <Badge size="xs" variant="light" color="blue" style={{ flexShrink: 0 }}>
                          Edition {formatEdition(f.edition)}
                        </Badge>
                      ) : null}
                      <Anchor
                        href={f.library === 'platform' ? libraryDocumentUrl(f._id) : downloadUrl(f.document)}
                        size="sm"
                        download
                        aria-label={`Download ${f.name}`}
                        style={{ flexShrink: 0 }}
                      >
                        Download
                      </Anchor>
                    </Group>
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
            <Group>
              <Button
                size="xs"
                loading={updating}
                onClick={async () => {
                  setError(null);
                  setUpdating(true);
                  try {
                    await props.onUpdateForms(checked);
                  } catch (e) {
                    setError(e);
                  } finally {
                    setUpdating(false);
                  }
                }}
              >
                Update
              </Button>
            </Group>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}
