import type { Delivery } from '@caseport/domain/users/contracts';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatDateTime } from './format-date';

export interface DeliveredLink {
  title: string;
  to: string;
  delivery: Delivery;
}

/** A one-time link no mail transport took: shown once to the admin who made it, to copy and pass on. */
export function LinkDialog({ link, onClose }: { link: DeliveredLink | null; onClose: () => void }) {
  const url = link?.delivery.link ?? '';
  return (
    <Modal opened={!!link} onClose={onClose} title={link?.title} centered size="lg">
      {link ? (
        <Stack gap="md">
          <Text size="sm">
            No e-mail was sent: this server has no mail transport configured. Copy the link and send it to{' '}
            <b>{link.to}</b>. It works once, until {formatDateTime(link.delivery.expiresAt)}. It also stays in your
            outbox.
          </Text>
          <TextInput label="Link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
                  }
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
