import { NO_ACTIVE_CONFIGURATION, partiesOf, partyErrors } from '@caseport/domain/cases/contracts';
import { FACT_GROUPS, type FactDef, factsFor } from '@caseport/domain/cases/facts';
import { Alert, Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { useConfiguredCaseTypes } from '../../components/use-case-sub-types';
import { isApiError } from '../../lib/api-client';
import { useCreateCase, usePetitioners } from './api';
import { type FactDraft, FactField, factError, factErrors, factsToSend } from './fact-field';
import { type PersonChoice, PersonChosen, PersonPicker } from './person-picker';

const ENABLED_ONLY = { activeList: [true] };
export const CASE_CONFIGURATION_PATH = '/settings/questionnarie';

/** The facts of a case type, grouped as the facts table orders them. */
export function FactGroups({
  defs,
  draft,
  errors,
  onChange,
  onBlur,
}: {
  defs: readonly FactDef[];
  draft: FactDraft;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  onBlur?: (def: FactDef) => void;
}) {
  return (
    <Stack gap="lg">
      {FACT_GROUPS.map((group) => {
        const inGroup = defs.filter((d) => d.group === group);
        if (!inGroup.length) return null;
        return (
          <Stack key={group} gap="xs">
            <Title order={4} size="h5">
              {group}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {inGroup.map((d) => (
                <div key={d.key} style={d.kind === 'addresses' ? { gridColumn: '1 / -1' } : undefined}>
                  <FactField
                    def={d}
                    value={draft[d.key]}
                    onChange={(v) => onChange(d.key, v)}
                    error={errors[`facts.${d.key}`]}
                    onBlur={onBlur ? () => onBlur(d) : undefined}
                  />
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** 'New case' (issue 34 item 3): type and sub-type → people → facts → create, then the case page. */
export function NewCaseWizard({
  opened,
  onClose,
  isPetitionerCompany,
}: {
  opened: boolean;
  onClose: () => void;
  isPetitionerCompany: boolean;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New case"
      size="xl"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <Wizard isPetitionerCompany={isPetitionerCompany} onClose={onClose} /> : null}
    </Modal>
  );
}

function Wizard({ isPetitionerCompany, onClose }: { isPetitionerCompany: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const caseTypes = useConfiguredCaseTypes(ENABLED_ONLY);
  const [step, setStep] = useState(0);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [subTypeId, setSubTypeId] = useState<string | null>(null);
  const [petitionerId, setPetitionerId] = useState<string | null>(null);
  const [petitionerSearch, setPetitionerSearch] = useState('');
  const [beneficiary, setBeneficiary] = useState<PersonChoice | null>(null);
  const [sponsor, setSponsor] = useState<PersonChoice | null>(null);
  const [facts, setFacts] = useState<FactDraft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const create = useCreateCase();

  const type = caseTypes.data?.find((t) => String(t.id) === typeId) ?? null;
  const parties = type ? partiesOf(type) : null;
  const needsPetitioner = !!parties?.petitioner && !isPetitionerCompany;
  const defs = useMemo(() => (type ? factsFor({ category: type.category, code: type.code }) : []), [type]);
  const petitioners = usePetitioners(petitionerSearch, needsPetitioner);

  const stepOfField = (name: string) =>
    name === 'subTypeId'
      ? 0
      : name.startsWith('facts.')
        ? 2
        : name.startsWith('petitioner') || name.startsWith('beneficiary') || name.startsWith('sponsor')
          ? 1
          : step;

  const checkStep = (s: number): Record<string, string> => {
    const e: Record<string, string> = {};
    if (s === 0) {
      if (!typeId) e.typeId = 'Case type is required';
      if (!subTypeId) e.subTypeId = 'Case subtype is required';
    }
    if (s === 1) {
      // The server checks the same rule (partyErrors) on create and update.
      if (type)
        for (const f of partyErrors(
          type,
          {
            petitioner: needsPetitioner ? !!petitionerId : undefined,
            beneficiary: !!beneficiary,
            sponsor: parties?.sponsor ? !!sponsor : undefined,
          },
          isPetitionerCompany,
        ))
          e[f.name] = f.message;
    }
    if (s === 2) Object.assign(e, factErrors(defs, facts));
    return e;
  };

  const next = () => {
    const e = checkStep(step);
    setErrors(e);
    if (!Object.keys(e).length) setStep(step + 1);
  };

  const onCreate = () => {
    const e = checkStep(2);
    setErrors(e);
    if (Object.keys(e).length) return;
    setServerError(null);
    create.mutate(
      {
        subTypeId: Number(subTypeId),
        ...(needsPetitioner ? { petitionerId } : {}),
        ...(beneficiary ? { beneficiary: beneficiary.ref } : {}),
        ...(parties?.sponsor && sponsor ? { sponsor: sponsor.ref } : {}),
        facts: factsToSend(defs, facts, { dropBlank: true }),
      },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          onClose();
          void navigate(`/cases/${r.case._id}`);
        },
        onError: (err) => {
          if (isApiError(err) && err.fields?.length) {
            const map = Object.fromEntries(err.fields.map((f) => [f.name, f.message]));
            setErrors(map);
            setStep(Math.min(...err.fields.map((f) => stepOfField(f.name))));
            const unplaced = err.fields.filter(
              (f) =>
                f.name !== 'subTypeId' &&
                !f.name.startsWith('facts.') &&
                f.name !== 'petitionerId' &&
                f.name !== 'beneficiary' &&
                f.name !== 'sponsor',
            );
            if (unplaced.length) setServerError(err);
          } else setServerError(err);
        },
      },
    );
  };

  const subTypeError = errors.subTypeId;
  const noConfiguration =
    subTypeError === NO_ACTIVE_CONFIGURATION || subTypeError?.includes('no active case configuration');
  const personErrors = (prefix: 'beneficiary' | 'sponsor') =>
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${prefix}.`))
      .map(([k, m]) => `${k.replace(`${prefix}.person.`, '')}: ${m}`);

  return (
    <Stack gap="md">
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Case type" description="Type and subtype">
          <Stack gap="sm" mt="md">
            <Select
              label="Case type"
              placeholder="Pick a case type"
              required
              searchable
              data={(caseTypes.data ?? [])
                .filter((t) => t.subTypes.length)
                .map((t) => ({ value: String(t.id), label: t.name }))}
              value={typeId}
              onChange={(v) => {
                setTypeId(v);
                setSubTypeId(null);
                setFacts({});
                setSponsor(null);
                setErrors({});
              }}
              error={errors.typeId}
              nothingFoundMessage="No case types are switched on"
            />
            <Select
              label="Case subtype"
              placeholder={type ? 'Pick a subtype' : 'Pick the case type first'}
              required
              searchable
              disabled={!type}
              data={(type?.subTypes ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={subTypeId}
              onChange={(v) => {
                setSubTypeId(v);
                setErrors({});
              }}
              error={
                subTypeError ? (
                  noConfiguration ? (
                    <span>
                      {subTypeError}.{' '}
                      <Anchor component={Link} to={CASE_CONFIGURATION_PATH} size="xs">
                        Open Case Configuration
                      </Anchor>
                    </span>
                  ) : (
                    subTypeError
                  )
                ) : undefined
              }
            />
            {caseTypes.isError ? <ErrorAlert error={caseTypes.error} /> : null}
            {caseTypes.data && caseTypes.data.length === 0 ? (
              <Alert variant="light" color="yellow">
                No case types are switched on yet. Switch them on in{' '}
                <Anchor component={Link} to={CASE_CONFIGURATION_PATH}>
                  Case Configuration
                </Anchor>
                .
              </Alert>
            ) : null}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="People" description={parties?.beneficiaryLabel ?? 'Petitioner, beneficiary'}>
          <Stack gap="md" mt="md">
            {needsPetitioner ? (
              <Select
                label="Petitioner"
                description="One of your petitioner companies"
                placeholder="Search your petitioners"
                required
                searchable
                searchValue={petitionerSearch}
                onSearchChange={setPetitionerSearch}
                filter={({ options }) => options}
                data={(petitioners.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
                value={petitionerId}
                onChange={setPetitionerId}
                error={errors.petitionerId}
                nothingFoundMessage={petitioners.isFetching ? 'Loading…' : 'No petitioners found'}
              />
            ) : parties?.petitioner ? (
              <Text size="sm" c="dimmed">
                Petitioner: your own company.
              </Text>
            ) : null}
            <PersonStep
              party={parties?.beneficiaryLabel ?? 'Beneficiary'}
              choice={beneficiary}
              onChoice={setBeneficiary}
              error={errors.beneficiary}
              serverErrors={personErrors('beneficiary')}
            />
            {parties?.sponsor ? (
              <PersonStep
                party="Sponsor"
                choice={sponsor}
                onChoice={setSponsor}
                error={errors.sponsor}
                serverErrors={personErrors('sponsor')}
              />
            ) : null}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Facts" description="What the case holds">
          <Stack gap="sm" mt="md">
            <Text size="sm" c="dimmed">
              Fill in what you know now; everything can be completed later on the case page. Letters, reminders and fees
              read these facts.
            </Text>
            <FactGroups
              defs={defs}
              draft={facts}
              errors={errors}
              onChange={(key, value) => {
                setFacts((f) => ({ ...f, [key]: value }));
                setErrors(({ [`facts.${key}`]: _, ...rest }) => rest);
              }}
              onBlur={(d) => {
                const e = factError(d, facts[d.key]);
                if (e) setErrors((all) => ({ ...all, [`facts.${d.key}`]: e }));
              }}
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
      <ErrorAlert error={serverError} onClear={() => setServerError(null)} />
      <Group justify="space-between">
        <Button variant="default" onClick={step === 0 ? onClose : () => setStep(step - 1)}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step < 2 ? (
          <Button onClick={next}>Next</Button>
        ) : (
          <Button onClick={onCreate} loading={create.isPending}>
            Create case
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function PersonStep({
  party,
  choice,
  onChoice,
  error,
  serverErrors,
}: {
  party: string;
  choice: PersonChoice | null;
  onChoice: (c: PersonChoice | null) => void;
  error?: string | undefined;
  serverErrors: string[];
}) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {party}
      </Title>
      {choice ? (
        <PersonChosen party={party} choice={choice} onChange={() => onChoice(null)} />
      ) : (
        <PersonPicker party={party} onPick={onChoice} />
      )}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      {serverErrors.map((m) => (
        <Text key={m} size="sm" c="var(--mantine-color-error)" role="alert">
          {m}
        </Text>
      ))}
    </Stack>
  );
}
