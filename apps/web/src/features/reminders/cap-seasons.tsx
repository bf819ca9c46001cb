import { SEASON_YEAR_EXISTS } from '@caseport/domain/reminders/contracts';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Section } from './config-section';
import type { FormState } from './form-state';

/** R-REM-055/041/042: role 1's cap seasons; years from the server list (D-22), never twice. */
export function CapSeasons({
  seasons,
  offered,
  onChange,
}: {
  seasons: FormState['seasons'];
  offered: string[];
  onChange: (seasons: FormState['seasons']) => void;
}) {
  const [year, setYear] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onAdd = () => {
    if (!year || !date) {
      setError('Season year and effective date are required');
      return;
    }
    if (seasons.some((s) => s.seasonYear === year)) {
      setError(SEASON_YEAR_EXISTS);
      return;
    }
    setError(null);
    setYear(null);
    setDate('');
    onChange([...seasons, { seasonYear: year, effectiveDate: date }]);
  };
  return (
    <Section title="Cap Season Configuration">
      <Stack gap="sm">
        {seasons.length === 0 ? <Text c="dimmed">No seasons configured.</Text> : null}
        {seasons.map((s) => (
          <Group key={s.seasonYear} gap="sm">
            <Text fw={600}>{s.seasonYear}</Text>
            <Text>effective {s.effectiveDate}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red"
              onClick={() => onChange(seasons.filter((x) => x.seasonYear !== s.seasonYear))}
            >
              Remove {s.seasonYear}
            </Anchor>
          </Group>
        ))}
        <Group align="flex-start" gap="sm">
          {/* The server list leaves out saved years; years added since still show here and are refused. */}
          <Select
            label="Season year"
            placeholder="Select season year"
            searchable
            w={160}
            data={offered}
            value={year}
            onChange={setYear}
            error={error}
          />
          <TextInput
            label="Effective date"
            type="date"
            w={180}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Button variant="light" mt={24} onClick={onAdd}>
            Add Season
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
