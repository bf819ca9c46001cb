import type { SetupStepKey } from '@caseport/domain/settings/setup';
import { Box, Button, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';

export interface SetupStep {
  key: SetupStepKey;
  label: string;
  /** False for a step this role may not open (e.g. Company Details for a branch manager). */
  enabled: boolean;
  /** The server's judgement of the step (D-01, issue 15), not the step's position. */
  done: boolean;
}

interface SetupFooterProps {
  steps: SetupStep[];
  current: SetupStepKey;
  onBack: (() => void) | null;
  primary: { label: string; onClick: () => void; disabled: boolean };
  /** Why the primary button is disabled: what is still to do. */
  hint: string | null;
  /** A panel with steps of its own renders its Back and primary button into the two slots instead. */
  claimed: boolean;
  backSlot: (el: HTMLDivElement | null) => void;
  primarySlot: (el: HTMLDivElement | null) => void;
}

const HINT_ID = 'setup-footer-hint';

/**
 * The footer's Back; a panel that drives the footer (setup-nav.tsx) shows the same button. On a phone it is the
 * arrow alone (still named Back), so that the three steps keep their place beside the primary button (issue 15).
 */
export function SetupBackButton({ onBack }: { onBack: (() => void) | null }) {
  return (
    <Button
      variant="default"
      aria-label="Back"
      px={{ base: 'xs', xs: 'md' }}
      onClick={onBack ?? undefined}
      disabled={!onBack}
    >
      <Group component="span" gap={6} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        <Box component="span" visibleFrom="xs">
          Back
        </Box>
      </Group>
    </Button>
  );
}

/** R-SHELL-008: Company Details → Workflows → Case Configuration, with one Back and one Continue / Finish. */
export function SetupFooter({
  steps,
  current,
  onBack,
  primary,
  hint,
  claimed,
  backSlot,
  primarySlot,
}: SetupFooterProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <div ref={backSlot} style={{ display: 'flex' }}>
        {claimed ? null : <SetupBackButton onBack={onBack} />}
      </div>
      <ol
        aria-label="Setup steps"
        className="setup-steps"
        style={{ display: 'flex', listStyle: 'none', margin: 0, padding: 0, overflow: 'hidden' }}
      >
        {steps.map((step, i) => {
          const active = step.key === current;
          return (
            // A step not open yet is dimmed text (fading it with opacity fell below AA contrast).
            <li key={step.key} aria-current={active ? 'step' : undefined}>
              <Group gap={6} wrap="nowrap">
                <ThemeIcon
                  size={24}
                  radius="xl"
                  variant={active ? 'filled' : step.done ? 'light' : 'default'}
                  color={step.done && !active ? 'teal' : undefined}
                  aria-hidden="true"
                >
                  {step.done ? (
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
                <VisuallyHidden>{step.done ? 'done' : 'not done'}</VisuallyHidden>
              </Group>
            </li>
          );
        })}
      </ol>
      <Group gap="sm" wrap="nowrap" justify="flex-end">
        {!claimed && hint ? (
          <Text id={HINT_ID} size="xs" c="dimmed" maw={280} ta="right" visibleFrom="md">
            {hint}
          </Text>
        ) : null}
        <div ref={primarySlot} style={{ display: 'flex' }}>
          {claimed ? null : (
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden="true" />}
              onClick={primary.onClick}
              disabled={primary.disabled}
              title={primary.disabled && hint ? hint : undefined}
              aria-describedby={hint ? HINT_ID : undefined}
            >
              {primary.label}
            </Button>
          )}
        </div>
      </Group>
    </Group>
  );
}
