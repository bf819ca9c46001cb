import type { CaseListItem } from '@caseport/domain/cases/contracts';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconFolderPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { ListFooter } from '../../components/list-footer';
import { notify } from '../../components/notify';
import { subTypeSelectData, useConfiguredCaseTypes } from '../../components/use-case-sub-types';
import { useDebouncedSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { fieldErrors, isApiError } from '../../lib/api-client';
import { useCaseList, useCreateCase } from './api';
import { CaseEditionsButton } from './case-editions';
import { FeeEstimateButton } from './fee-estimate';

interface OpenCaseValues {
  subTypeId: string | null;
  givenName: string;
  familyName: string;
}

const columns: DataTableColumn<CaseListItem>[] = [
  {
    key: 'caseNumber',
    header: 'Case Number',
    sortPath: 'caseNumber',
    render: (c) => (
      <Text ff="monospace" fw={600} size="sm">
        {c.caseNumber}
      </Text>
    ),
  },
  { key: 'type', header: 'Case Type', render: (c) => c.typeName },
  { key: 'subType', header: 'Case Subtype', render: (c) => c.subTypeName },
  { key: 'beneficiary', header: 'Beneficiary', render: (c) => c.beneficiaryName ?? c.applicantName ?? '—' },
  {
    key: 'createdOn',
    header: 'Created On',
    sortPath: 'createdOn',
    render: (c) => formatDateTime(c.createdOn),
    width: 190,
  },
  // Issue 18: the fees in force on the day the case was opened.
  { key: 'fees', header: 'Fees', render: (c) => <FeeEstimateButton caseId={c._id} caseNumber={c.caseNumber} /> },
  // Issue 21: the questionnaire version and form editions the case keeps.
  {
    key: 'editions',
    header: 'Editions',
    render: (c) => <CaseEditionsButton caseId={c._id} caseNumber={c.caseNumber} />,
  },
];

/**
 * Minimal cases (issue 5): roles 3 and 4 open a case of a sub-type and see the number it was given (D-17).
 * The router shows it inside the shell, to those two roles only (app/shell-page.tsx).
 */
export default function CasesPage() {
  return <CasesScreen />;
}

const ENABLED_ONLY = { activeList: [true] };

function CasesScreen() {
  // Issue 5: only the sub-types switched on in Case Configuration can be opened.
  const caseTypes = useConfiguredCaseTypes(ENABLED_ONLY);
  const list = useListState<{ searchString?: string }>('cases', {
    sorting: { path: 'createdOn', order: -1 },
    filters: {},
    sortPaths: ['createdOn', 'caseNumber'],
  });
  const { search, setSearch, debouncedSearch } = useDebouncedSearch('', 500);
  const { setFilters } = list;
  useEffect(() => setFilters(debouncedSearch ? { searchString: debouncedSearch } : {}), [debouncedSearch, setFilters]);
  const result = useCaseList(list.query);
  const create = useCreateCase();
  const [serverError, setServerError] = useState<unknown>(null);
  const [lastNumber, setLastNumber] = useState<string | null>(null);
  const form = useForm<OpenCaseValues>({
    initialValues: { subTypeId: null, givenName: '', familyName: '' },
    validate: {
      subTypeId: (v) => (v ? null : 'Case Subtype is required'),
      givenName: (v, all) => (!v.trim() && all.familyName.trim() ? 'Given name is required' : null),
      familyName: (v, all) => (!v.trim() && all.givenName.trim() ? 'Family name is required' : null),
    },
  });

  const onSubmit = (v: OpenCaseValues) => {
    setServerError(null);
    create.mutate(
      {
        subTypeId: Number(v.subTypeId),
        // Issue 34: a new beneficiary (or applicant) record; the New case wizard replaces this form.
        ...(v.givenName.trim() || v.familyName.trim()
          ? { beneficiary: { person: { givenName: v.givenName, familyName: v.familyName }, allowSimilar: true } }
          : {}),
      },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          setLastNumber(r.case.caseNumber);
          form.setValues({ givenName: '', familyName: '' });
        },
        onError: (e) => {
          setServerError(isApiError(e) && e.fields ? null : e);
          form.setErrors(fieldErrors(e));
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Title order={2}>Cases</Title>
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="form"
        onSubmit={form.onSubmit(onSubmit)}
        noValidate
        aria-label="Open a case"
      >
        <Stack gap="md">
          <Group gap="xs">
            <IconFolderPlus size={20} aria-hidden="true" />
            <Title order={3} size="h4">
              Open a Case
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            The case number comes from the case code configuration of the subtype. Names are needed only when its
            pattern uses them.
          </Text>
          <ErrorAlert error={serverError} onClear={() => setServerError(null)} />
          <Select
            label="Case Subtype"
            placeholder="Select a case subtype"
            required
            searchable
            data={subTypeSelectData(caseTypes.data)}
            maxDropdownHeight={320}
            nothingFoundMessage="No case subtypes are switched on yet"
            description={
              caseTypes.data && caseTypes.data.length === 0 ? (
                <>
                  Switch case types and subtypes on in{' '}
                  <Anchor component={Link} to="/settings/questionnarie" size="xs">
                    Case Configuration
                  </Anchor>{' '}
                  to open cases.
                </>
              ) : undefined
            }
            {...form.getInputProps('subTypeId')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Beneficiary given name"
              maxLength={100}
              {...form.getInputProps('givenName')}
              error={form.errors.givenName ?? form.errors.beneficiary ?? form.errors['beneficiary.person.givenName']}
            />
            <TextInput
              label="Beneficiary family name"
              maxLength={100}
              {...form.getInputProps('familyName')}
              error={form.errors.familyName ?? form.errors['beneficiary.person.familyName']}
            />
          </SimpleGrid>
          <Group justify="space-between" align="center">
            {lastNumber ? (
              <Alert
                variant="light"
                color="teal"
                icon={<IconCircleCheck size={18} aria-hidden="true" />}
                py={6}
                role="status"
              >
                New case number: <strong data-testid="new-case-number">{lastNumber}</strong>
              </Alert>
            ) : (
              <span />
            )}
            <Button type="submit" loading={create.isPending}>
              Open Case
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Recent Cases
          </Title>
          <TextInput
            placeholder="Search by case number or name"
            w={300}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            aria-label="Search cases"
          />
        </Group>
        <Paper withBorder radius="md" p={0}>
          <DataTable
            caption="Cases"
            columns={columns}
            rows={result.isError ? [] : result.data?.list}
            rowKey={(c) => c._id}
            loading={result.isPending}
            emptyText={list.filters.searchString ? 'No Results Found' : 'No cases yet. Open the first one above.'}
            sorting={list.sorting}
            onSortChange={list.setSorting}
          />
        </Paper>
        {result.isError ? <ErrorAlert error={result.error} /> : null}
        <ListFooter
          page={list.page}
          perpage={list.perpage}
          totalCount={result.data?.totalCount ?? 0}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerpage}
          noun="case"
        />
      </Stack>
    </Stack>
  );
}
