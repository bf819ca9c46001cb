import type { ReminderPreview, ReminderPreviewBody } from '@caseport/domain/reminders/engine';
import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { api } from '../../lib/api-client';

const RANGES = ['30', '60', '90', '180', '365'];

/** Who a role reaches on the case: its first names, how many more, or nobody (issue 35 item 4). */
const recipientsText = (role: ReminderPreview['list'][number]['roles'][number]) => {
  if (role.status === 'missing') return 'nobody';
  const [first, second, ...rest] = role.names;
  return [first, second].filter(Boolean).join(', ') + (rest.length ? ` +${rest.length}` : '');
};

const whenText = (r: ReminderPreview['list'][number]) =>
  `${r.offsetDays === 0 ? 'On' : `${r.offsetDays} ${r.offsetDays === 1 ? 'day' : 'days'} ${r.direction}`} ${r.dateLabel} (${formatDate(r.anchorOn)})`;

/**
 * Issue 17, beyond the spec: what the reminder engine would write in the next N days, computed by the server
 * from the form's unsaved values (`config()`), so an admin sees the effect of a change before saving.
 */
export function PreviewTimeline({ config }: { config: () => Omit<ReminderPreviewBody, 'days'> }) {
  const [days, setDays] = useState('90');
  const preview = useMutation({
    mutationFn: (body: ReminderPreviewBody) => api.call('/api/reminders/preview', body) as Promise<ReminderPreview>,
  });
  const data = preview.data;
  const byDay = new Map<string, ReminderPreview['list']>();
  for (const r of data?.list ?? []) byDay.set(r.dueOn, [...(byDay.get(r.dueOn) ?? []), r]);
  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="reminder-preview-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="reminder-preview-title">
          Preview
        </Title>
        <Text size="sm" c="dimmed">
          What these settings would send, for your cases' dates, before you save them.
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Next"
            data={RANGES.map((d) => ({ value: d, label: `${d} days` }))}
            value={days}
            onChange={(v) => setDays(v ?? '90')}
            allowDeselect={false}
            w={140}
          />
          <Button
            variant="light"
            loading={preview.isPending}
            onClick={() => preview.mutate({ days: Number(days), ...config() })}
          >
            Preview reminders
          </Button>
        </Group>
        <ErrorAlert error={preview.error} onClear={() => preview.reset()} />
        {data ? (
          data.list.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              Nothing would be sent from {formatDate(data.from)} to {formatDate(data.to)}.
            </Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {data.totalCount} {data.totalCount === 1 ? 'reminder' : 'reminders'} from {formatDate(data.from)} to{' '}
                {formatDate(data.to)} ({data.timeZone})
                {data.totalCount > data.list.length ? `, the first ${data.list.length} shown` : ''}.
              </Text>
              {data.missing.length ? (
                <Alert color="orange" variant="light" title="Some reminders reach nobody" role="note">
                  <List size="sm" spacing={2}>
                    {data.missing.map((m) => (
                      <List.Item key={m.roleId}>
                        {m.message} ({m.reminderCount} {m.reminderCount === 1 ? 'reminder' : 'reminders'})
                      </List.Item>
                    ))}
                  </List>
                  <Text size="xs" mt={4}>
                    Link the people on each case (its People tab), or they are recorded as not delivered.
                  </Text>
                </Alert>
              ) : null}
              <Timeline bulletSize={22} lineWidth={2} aria-label="Reminder timeline">
                {[...byDay.entries()].map(([day, items]) => (
                  <Timeline.Item key={day} bullet={<IconBell size={12} aria-hidden="true" />} title={formatDate(day)}>
                    <Stack gap={6} mt={4}>
                      {items.map((r) => (
                        <div key={`${r.caseId}-${r.key}-${r.offsetDays}`}>
                          <Text size="sm">
                            <strong>{r.title}</strong> · case{' '}
                            <Text span ff="monospace" size="sm">
                              {r.caseNumber}
                            </Text>
                          </Text>
                          <Text size="xs" c="dimmed">
                            {whenText(r)}
                          </Text>
                          <Group gap={4} mt={2}>
                            {r.roles.map((role) => (
                              <Badge
                                key={role.roleId}
                                size="xs"
                                variant="light"
                                color={role.status === 'missing' ? 'red' : undefined}
                                style={{ textTransform: 'none', maxWidth: '100%' }}
                                title={role.names.join(', ')}
                              >
                                {role.roleName}: {recipientsText(role)}
                              </Badge>
                            ))}
                          </Group>
                        </div>
                      ))}
                    </Stack>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
