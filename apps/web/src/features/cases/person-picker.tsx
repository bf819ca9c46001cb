import type { CasePersonRef } from '@caseport/domain/cases/contracts';
import { PERSON_MESSAGES, type Person, type PersonInput, personFullName } from '@caseport/domain/people/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useDebouncedSearch } from '../../components/use-debounced-search';
import { findSimilarPeople, usePeopleSearch } from './api';
import { PersonForm } from './person-form';

/** A person chosen for a case: the reference the case contract takes and a name to show. */
export interface PersonChoice {
  ref: CasePersonRef;
  name: string;
  /** The details typed for a new person (to edit them again). */
  input?: PersonInput;
}

const personLine = (p: Person) =>
  [
    p.dateOfBirth ? `born ${p.dateOfBirth}` : null,
    p.countryOfCitizenship,
    p.passportNumber ? `passport ${p.passportNumber}` : null,
    `${p.caseCount} case${p.caseCount === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The existing people that look like the one being added (same name and date of birth): 'Use this person' for
 * each, or 'Create a new person anyway' (the case contract's allowSimilar).
 */
export function SimilarPersonOffer({
  matches,
  onUse,
  onCreateAnyway,
}: {
  matches: Person[];
  onUse: (p: Person) => void;
  onCreateAnyway: () => void;
}) {
  return (
    <Alert color="yellow" variant="light" title={PERSON_MESSAGES.similarExists} role="alert">
      <Stack gap="xs">
        <Text size="sm">Use the existing record so the person's dates and cases stay together.</Text>
        {matches.map((p) => (
          <Paper key={p._id} withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600} size="sm">
                  {personFullName(p)}
                </Text>
                <Text size="xs" c="dimmed">
                  {personLine(p)}
                </Text>
              </div>
              <Button
                size="xs"
                leftSection={<IconUserCheck size={14} aria-hidden="true" />}
                onClick={() => onUse(p)}
                aria-label={`Use this person: ${personFullName(p)}`}
              >
                Use this person
              </Button>
            </Group>
          </Paper>
        ))}
        <Group>
          <Button size="xs" variant="default" onClick={onCreateAnyway}>
            Create a new person anyway
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Search the tenant's people, or add a new one (checked for a similar existing person first). */
export function PersonPicker({
  party,
  onPick,
}: {
  /** 'Beneficiary', 'Applicant', 'Sponsor'. */
  party: string;
  onPick: (choice: PersonChoice) => void;
}) {
  const [mode, setMode] = useState<'existing' | 'new'>('new');
  const { search, setSearch, debouncedSearch } = useDebouncedSearch('', 300);
  const people = usePeopleSearch(debouncedSearch);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [pending, setPending] = useState<{ input: PersonInput; matches: Person[] } | null>(null);

  const onNew = async (input: PersonInput) => {
    setCheckError(null);
    setChecking(true);
    try {
      const similar = await findSimilarPeople(input);
      if (similar.list.length) setPending({ input, matches: similar.list });
      else onPick({ ref: { person: input }, name: personFullName(input) ?? '', input });
    } catch (e) {
      setCheckError(e);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as 'existing' | 'new')}
        data={[
          { value: 'new', label: `New ${party.toLowerCase()}` },
          { value: 'existing', label: 'Existing person' },
        ]}
        aria-label={`${party}: new or existing`}
      />
      {mode === 'existing' ? (
        <Stack gap="xs">
          <TextInput
            label={`Find the ${party.toLowerCase()}`}
            placeholder="Search by name"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            rightSection={people.isFetching ? <Loader size="xs" /> : null}
          />
          {people.isError ? <ErrorAlert error={people.error} /> : null}
          {people.data && people.data.list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {debouncedSearch ? 'No Results Found' : 'No people yet: add a new one.'}
            </Text>
          ) : null}
          <Stack gap={6} role="list" aria-label="People">
            {people.data?.list.map((p) => (
              <UnstyledButton
                key={p._id}
                role="listitem"
                onClick={() => onPick({ ref: { personId: p._id }, name: personFullName(p) ?? '' })}
                aria-label={`Pick ${personFullName(p)}`}
              >
                <Paper withBorder p="xs" radius="sm">
                  <Text fw={600} size="sm">
                    {personFullName(p)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {personLine(p)}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        </Stack>
      ) : pending ? (
        <SimilarPersonOffer
          matches={pending.matches}
          onUse={(p) => {
            setPending(null);
            onPick({ ref: { personId: p._id }, name: personFullName(p) ?? '' });
          }}
          onCreateAnyway={() => {
            const { input } = pending;
            setPending(null);
            onPick({ ref: { person: input, allowSimilar: true }, name: personFullName(input) ?? '', input });
          }}
        />
      ) : (
        <PersonForm
          label={`New ${party.toLowerCase()}`}
          submitLabel={`Use as ${party.toLowerCase()}`}
          onSubmit={onNew}
          loading={checking}
        >
          <ErrorAlert error={checkError} onClear={() => setCheckError(null)} />
        </PersonForm>
      )}
    </Stack>
  );
}

/** The chosen person, with a way to choose again. */
export function PersonChosen({
  party,
  choice,
  onChange,
}: {
  party: string;
  choice: PersonChoice;
  onChange: () => void;
}) {
  const isNew = 'person' in choice.ref;
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          {isNew ? <IconUserPlus size={18} aria-hidden="true" /> : <IconUserCheck size={18} aria-hidden="true" />}
          <Text size="sm">
            {party}:{' '}
            <Text span fw={600}>
              {choice.name}
            </Text>
          </Text>
          <Badge size="xs" variant="light" color={isNew ? 'teal' : 'blue'}>
            {isNew ? 'New person' : 'Existing person'}
          </Badge>
        </Group>
        <Button size="xs" variant="subtle" onClick={onChange} aria-label={`Change the ${party.toLowerCase()}`}>
          Change
        </Button>
      </Group>
    </Paper>
  );
}
