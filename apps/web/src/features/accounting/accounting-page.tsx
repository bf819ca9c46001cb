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
  QB_CUSTOMER_MAX,
  QB_NAME_MAX,
} from '@caseport/domain/accounting/contracts';
import { Role } from '@caseport/domain/auth/roles';
import { Alert, Badge, Button, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ReactNode, useState } from 'react';
import { DateRangeInput, type DateRangeValue } from '../../components/created-date-range-input';
import { CustomerSelect } from '../../components/customer-select';
import type { FormLike } from '../../components/form-like';
import { todayIso } from '../../components/format-date';
import { notify } from '../../components/notify';
import { SectionHeading } from '../../components/section-heading';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useCustomerList } from '../../lib/use-customer-list';
import { useAccountingSettings, useDownloadExport, useSaveAccountingSettings } from './api';

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
      <SectionHeading
        order={2}
        title="Accounting"
        description="No accounting service is connected: map your Caseport subscription and your fee lines to QuickBooks names, then download a file and import it into QuickBooks."
      />
      {isSuperAdmin ? <CustomerSelect customers={customers.data} value={customerId} onChange={setCustomerId} /> : null}
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
          <ExportPanel tenantId={tenantId} timeZone={settings.data.timeZone} />
          <MappingForm
            key={`${tenantId}-${settings.data._id}`}
            initial={settings.data.mapping}
            feeLines={settings.data.feeLines}
            tenantId={tenantId}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * One mapped line: what it is, its QuickBooks item and the income account it posts to. A row of three from
 * md up (the column headers name the inputs), stacked with their own labels on a phone.
 */
function LineRow({
  form,
  path,
  label,
  children,
  wide,
}: {
  form: FormLike;
  path: string;
  label: string;
  children: ReactNode;
  wide: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" verticalSpacing={4} mt={wide ? 0 : 'xs'}>
      <Stack gap={2} justify="center">
        {children}
      </Stack>
      <TextInput
        label={wide ? undefined : 'Item'}
        aria-label={`${label}: item`}
        maxLength={QB_NAME_MAX}
        {...form.getInputProps(`${path}.item`)}
        key={form.key(`${path}.item`)}
      />
      <TextInput
        label={wide ? undefined : 'Income account'}
        aria-label={`${label}: income account`}
        maxLength={QB_NAME_MAX}
        {...form.getInputProps(`${path}.incomeAccount`)}
        key={form.key(`${path}.incomeAccount`)}
      />
    </SimpleGrid>
  );
}

/** The subscription bill's fields: path, label, what it is, longest name. */
const BILL_FIELDS: [keyof AccountingMapping['subscriptionBill'], string, string, number][] = [
  ['vendor', 'Vendor', 'Who bills you: Caseport', QB_CUSTOMER_MAX],
  ['expenseAccount', 'Expense account', 'Where the subscription is booked', QB_NAME_MAX],
  ['payableAccount', 'Accounts payable account', 'Where the bills are owed', QB_NAME_MAX],
  ['bankAccount', 'Bank account', 'Where the bills are paid from', QB_NAME_MAX],
];

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
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
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
        <SectionHeading
          order={3}
          title="Accounts and items"
          description={`Names as they are (or will be) in QuickBooks, at most ${QB_NAME_MAX} characters (${QB_CUSTOMER_MAX} for the vendor). A colon names a sub-account, e.g. Income:Legal Fees.`}
        />
        <Stack gap="sm" component="section" aria-labelledby="accounting-bills">
          <SectionHeading
            order={4}
            id="accounting-bills"
            title="Subscription bills"
            description="Your Caseport subscription invoices are exported as bills from this vendor, on the expense account and owed on accounts payable; a paid invoice is a bill payment from the bank account."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {BILL_FIELDS.map(([field, label, description, max]) => (
              <TextInput
                key={form.key(`subscriptionBill.${field}`)}
                label={label}
                description={description}
                maxLength={max}
                withAsterisk
                {...form.getInputProps(`subscriptionBill.${field}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="accounting-fees">
          <SectionHeading
            order={4}
            id="accounting-fees"
            title="Fee lines"
            description="Your fee lines are income: each is exported as a QuickBooks item posting to its income account."
          />
          <SimpleGrid cols={3} spacing="sm" visibleFrom="md" aria-hidden="true">
            <Text size="sm" fw={600}>
              Line
            </Text>
            <Text size="sm" fw={600}>
              Item
            </Text>
            <Text size="sm" fw={600}>
              Income account
            </Text>
          </SimpleGrid>
          {form.values.feeLines.length === 0 ? (
            <Text size="sm" c="dimmed">
              No fee lines yet: the fee lines saved under Fees appear here to be mapped.
            </Text>
          ) : (
            form.values.feeLines.map((f, i) => {
              const fee = feeOf.get(f.code);
              const name = fee?.name ?? f.code;
              return (
                <LineRow key={f.code} form={form} path={`feeLines.${i}`} label={name} wide={wide}>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Badge size="xs" variant="light" color={fee?.type === 'USCIS' ? 'blue' : 'gray'}>
                      {fee?.type === 'USCIS' ? 'USCIS filing fee' : 'Firm fee'}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {f.code}
                    </Text>
                  </Group>
                </LineRow>
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

function ExportPanel({ tenantId, timeZone }: { tenantId: string | null; timeZone: string }) {
  // This month so far, by default.
  const [range, setRange] = useState<DateRangeValue>(() => [`${todayIso().slice(0, 8)}01`, todayIso()]);
  const [from, to] = range;
  const [format, setFormat] = useState<ExportFormat>('iif');
  const download = useDownloadExport();
  const query: AccountingExportQuery = { format, from: from ?? '', to: to ?? '', ...(tenantId ? { tenantId } : {}) };
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
        <SectionHeading
          order={3}
          title="Export to QuickBooks"
          description={`Your Caseport subscription invoices issued from one day to another, both included, in your organization's time zone (${timeZone}), as bills from the vendor; the IIF file adds the invoices paid in that range as bill payments (QuickBooks Online does not import bill payments from CSV). The file uses the names saved below.`}
        />
        <DateRangeInput
          label="Period"
          value={range}
          onChange={setRange}
          error={from && to ? (problem('to') ?? problem('from')) : ACCOUNTING_MESSAGES.dateRequired}
        />
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
