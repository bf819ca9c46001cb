import {
  ACCOUNTING_MESSAGES,
  type AccountingExportQuery,
  AccountingExportQuerySchema,
  type AccountingFeeLine,
  type AccountingMapping,
  AccountingMappingSchema,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
  QB_NAME_MAX,
} from '@caseport/domain/accounting/contracts';
import { Role } from '@caseport/domain/auth/roles';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import type { TabPanelProps } from '../../app/tab-registry';
import type { FormLike } from '../../components/form-like';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useAccountingSettings, useCustomerList, useDownloadExport, useSaveAccountingSettings } from './api';

/** The Settings tab (quickbooksSettings, R-SHELL-026): the accounting mapping and the QuickBooks export. */
export default function AccountingPage(_props: TabPanelProps) {
  const me = useCurrentUser();
  const isSuperAdmin = me.roleId === Role.SuperAdmin;
  const customers = useCustomerList(isSuperAdmin);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const tenantId = isSuperAdmin ? customerId : null;
  const settings = useAccountingSettings(tenantId, !isSuperAdmin || !!customerId);

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={3}>Accounting</Title>
        <Text c="dimmed" size="sm">
          No accounting service is connected: map your invoices and fee lines to QuickBooks accounts and items, then
          download a file and import it into QuickBooks.
        </Text>
      </div>
      {isSuperAdmin ? (
        <Select
          label="Customer"
          placeholder="Select Customer"
          searchable
          maw={420}
          data={(customers.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={customerId}
          onChange={setCustomerId}
        />
      ) : null}
      {isSuperAdmin && !customerId ? (
        <Text c="dimmed">Select a customer to see its accounting settings.</Text>
      ) : settings.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading accounting settings" />
        </Group>
      ) : settings.isError ? (
        <Alert color="red" title="The accounting settings could not be loaded">
          <Button variant="light" size="xs" onClick={() => settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <MappingForm
            key={`${tenantId}-${settings.data._id}`}
            initial={settings.data.mapping}
            feeLines={settings.data.feeLines}
            tenantId={tenantId}
          />
          <ExportPanel tenantId={tenantId} timeZone={settings.data.timeZone} />
        </>
      )}
    </Stack>
  );
}

/** Two inputs of one mapped line: the QuickBooks item and the income account it posts to. */
function LinePair({ form, path, label }: { form: FormLike; path: string; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Item"
        aria-label={`${label}: item`}
        maxLength={QB_NAME_MAX}
        {...form.getInputProps(`${path}.item`)}
        key={form.key(`${path}.item`)}
      />
      <TextInput
        label="Income account"
        aria-label={`${label}: income account`}
        maxLength={QB_NAME_MAX}
        {...form.getInputProps(`${path}.incomeAccount`)}
        key={form.key(`${path}.incomeAccount`)}
      />
    </SimpleGrid>
  );
}

function MappingForm({
  initial,
  feeLines,
  tenantId,
}: {
  initial: AccountingMapping;
  feeLines: AccountingFeeLine[];
  tenantId: string | null;
}) {
  const save = useSaveAccountingSettings();
  const form = useForm<AccountingMapping>({
    initialValues: initial,
    validate: zod4Resolver(AccountingMappingSchema),
  });
  const feeOf = new Map(feeLines.map((f) => [f.code, f]));
  const onSubmit = form.onSubmit((mapping) =>
    save.mutate(
      { mapping, ...(tenantId ? { tenantId } : {}) },
      {
        onSuccess: (a) => {
          notify.success(a.message);
          form.resetDirty();
        },
        onError: (e) => {
          // The server names fields from the body (`mapping.feeLines.0.code`); the form holds the mapping.
          form.setErrors(
            Object.fromEntries(Object.entries(fieldErrors(e)).map(([k, v]) => [k.replace(/^mapping\./, ''), v])),
          );
          notify.error(e);
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={onSubmit} aria-label="Accounts and items">
      <Stack gap="lg">
        <div>
          <Title order={4}>Accounts and items</Title>
          <Text size="sm" c="dimmed">
            Names as they are (or will be) in QuickBooks, at most {QB_NAME_MAX} characters. A colon names a sub-account,
            e.g. Income:Legal Fees.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Receivables account"
            description="Where invoices are owed"
            maxLength={QB_NAME_MAX}
            withAsterisk
            {...form.getInputProps('receivableAccount')}
            key={form.key('receivableAccount')}
          />
          <TextInput
            label="Deposit account"
            description="Where payments are received"
            maxLength={QB_NAME_MAX}
            withAsterisk
            {...form.getInputProps('depositAccount')}
            key={form.key('depositAccount')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fw={600}>Invoices</Text>
          <Text size="sm" c="dimmed">
            The line of every invoice of the invoice list (its plan).
          </Text>
          <LinePair form={form} path="invoiceLine" label="Invoices" />
        </Stack>
        <Stack gap="sm">
          <Text fw={600}>Fee lines</Text>
          {form.values.feeLines.length === 0 ? (
            <Text size="sm" c="dimmed">
              No fee lines yet: the fee lines saved under Fees appear here to be mapped.
            </Text>
          ) : (
            form.values.feeLines.map((f, i) => {
              const fee = feeOf.get(f.code);
              return (
                <Stack
                  key={f.code}
                  gap={4}
                  pt={i ? 'sm' : 0}
                  style={i ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {fee?.name ?? f.code}
                    </Text>
                    <Badge variant="light" color={fee?.type === 'USCIS' ? 'blue' : 'gray'}>
                      {fee?.type === 'USCIS' ? 'USCIS filing fee' : 'Firm fee'}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {f.code}
                    </Text>
                  </Group>
                  <LinePair form={form} path={`feeLines.${i}`} label={fee?.name ?? f.code} />
                </Stack>
              );
            })
          )}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function ExportPanel({ tenantId, timeZone }: { tenantId: string | null; timeZone: string }) {
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<ExportFormat>('iif');
  const download = useDownloadExport();
  const query: AccountingExportQuery = { format, from, to, ...(tenantId ? { tenantId } : {}) };
  const parsed = AccountingExportQuerySchema.safeParse(query);
  const problem = (field: 'from' | 'to') => parsed.error?.issues.find((i) => i.path[0] === field)?.message ?? null;
  const onDownload = () =>
    download.mutate(query, {
      onSuccess: () => notify.success('Export downloaded'),
      onError: (e) => notify.error(e),
    });

  return (
    <Paper withBorder radius="md" p="lg" aria-label="Export to QuickBooks" component="section">
      <Stack gap="md">
        <div>
          <Title order={4}>Export to QuickBooks</Title>
          <Text size="sm" c="dimmed">
            The invoices issued and the payments received from one day to another, both included, in the firm's time
            zone ({timeZone}). The file uses the accounts and items saved above.
          </Text>
        </div>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={from ? problem('from') : ACCOUNTING_MESSAGES.dateRequired}
            w={180}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={to ? problem('to') : ACCOUNTING_MESSAGES.dateRequired}
            w={180}
          />
        </Group>
        <Radio.Group label="File" value={format} onChange={(v) => setFormat(v as ExportFormat)}>
          <Stack gap="xs" mt="xs">
            {EXPORT_FORMATS.map((f) => (
              <Radio key={f} value={f} label={EXPORT_FORMAT_LABELS[f]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button onClick={onDownload} loading={download.isPending} disabled={!parsed.success}>
            Download
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
