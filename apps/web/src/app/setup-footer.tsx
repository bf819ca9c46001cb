import type { TabKey } from '@caseport/domain/settings/tabs';
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';

export interface SetupStep {
  key: TabKey;
  label: string;
  /** False for a step this role may not open (e.g. Company Details for a branch manager). */
  enabled: boolean;
}

interface SetupFooterProps {
  steps: SetupStep[];
  current: TabKey;
  onBack: (() => void) | null;
  onContinue: () => void;
  continueLabel: string;
}

/** R-SHELL-008: Company Details → Workflows → Case Configuration, with Back and Continue. */
export function SetupFooter({ steps, current, onBack, onContinue, continueLabel }: SetupFooterProps) {
  const currentIndex = steps.findIndex((s) => s.key === current);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        onClick={onBack ?? undefined}
        disabled={!onBack}
      >
        Back
      </Button>
      <ol
        aria-label="Setup steps"
        style={{ display: 'flex', gap: 16, listStyle: 'none', margin: 0, padding: 0, overflow: 'hidden' }}
      >
        {steps.map((step, i) => {
          const done = i < currentIndex;
          const active = i === currentIndex;
          return (
            // A step not open yet is dimmed text (fading it with opacity fell below AA contrast).
            <li key={step.key} aria-current={active ? 'step' : undefined}>
              <Group gap={6} wrap="nowrap">
                <ThemeIcon
                  size={24}
                  radius="xl"
                  variant={active ? 'filled' : done ? 'light' : 'default'}
                  aria-hidden="true"
                >
                  {done ? (
                    <IconCheck size={14} />
                  ) : (
                    <Text span size="xs" fw={700}>
                      {i + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <Text size="sm" fw={active ? 700 : 500} c={step.enabled ? undefined : 'dimmed'} visibleFrom="sm">
                  {step.label}
                </Text>
              </Group>
            </li>
          );
        })}
      </ol>
      <Button rightSection={<IconArrowRight size={16} aria-hidden="true" />} onClick={onContinue}>
        {continueLabel}
      </Button>
    </Group>
  );
}
