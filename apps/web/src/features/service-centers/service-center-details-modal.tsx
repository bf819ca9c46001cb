import type { ServiceCenterItem } from '@caseport/domain/service-centers/contracts';
import { Badge, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatDate } from '../../components/format-date';
import { notify } from '../../components/notify';
import { RichTextView } from '../../components/rich-text-view';
import { fetchServiceCenter } from './api';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** R-SVC-010: 'Service Center Details', loaded with /service-centers/details; a failure is a toast (R-API-011). */
export function ServiceCenterDetailsModal({ centerId, onClose }: { centerId: string | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['service-centers', 'details', centerId],
    queryFn: () => fetchServiceCenter(centerId as string),
    enabled: !!centerId,
    retry: false,
  });
  useEffect(() => {
    if (query.isError) {
      void notify.error(query.error);
      onClose();
    }
  }, [query.isError, query.error, onClose]);
  const c: ServiceCenterItem | undefined = query.data;
  return (
    <Modal opened={!!centerId} onClose={onClose} title="Service Center Details" size="lg" centered>
      {!c ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading details" />
        </Group>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Name">{c.name}</Field>
            <Field label="Case Type">{c.typeDetails.name}</Field>
            <Field label="Petitioner's Office State(s)">{c.stateDetails || '—'}</Field>
            <Field label="Premium Processing">{c.premiumProcessing === 'yes' ? 'Yes' : 'No'}</Field>
            <Field label="Created On">{formatDate(c.createdOn)}</Field>
            <Field label="Updated On">{formatDate(c.updatedOn)}</Field>
          </SimpleGrid>
          {c.description ? <Field label="Description">{c.description}</Field> : null}
          {c.addressConfig.map((b) => (
            <Paper key={b.courierId} withBorder p="sm" radius="md">
              <Badge variant="light" mb="xs">
                {b.courierDetails.name}
              </Badge>
              <RichTextView html={b.address} />
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
