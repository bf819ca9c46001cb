import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

export interface CongratulationsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** R-SHELL-051: shown once first-time setup completes (opened through useShell().showCongratulations()). */
export function CongratulationsModal({ opened, onClose }: CongratulationsModalProps) {
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="Congratulations" size={450} centered>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden="true">
          <IconConfetti size={32} />
        </ThemeIcon>
        <Text fw={600}>Your account setup is complete.</Text>
        <Text c="dimmed" size="sm">
          Company details, your workflow and case configuration are in place. New cases will follow the workflow you
          configured; you can refine any of it later in Settings.
        </Text>
        <Group justify="center" mt="xs">
          <Button
            onClick={() => {
              onClose();
              navigate('/settings');
            }}
          >
            Go to Settings
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default CongratulationsModal;
