import { formatUsd } from '@caseport/domain/billing/invoices';
import { CASE_INVOICE_STATUS_NAMES, type CaseInvoice } from '@caseport/domain/cases/case-invoices';
import { Badge, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useCaseInvoices, useDownloadCaseInvoice } from './invoices-api';

type InvoiceRow = Pick<CaseInvoice, '_id' | 'invoiceNumber' | 'issuedOn' | 'total' | 'status'>;

/**
 * A case invoice's columns: number, day, `middle` (the firm's list adds Billed to), total, status and its PDF. The
 * firm's Fees tab and the invoices a person outside the firm sees (my-case-page.tsx) show them alike.
 */
export const invoiceColumns = <T extends InvoiceRow>(
  onDownload: (invoice: T) => void,
  middle: DataTableColumn<T>[] = [],
): DataTableColumn<T>[] => [
  {
    key: 'number',
    header: 'Invoice',
    render: (i) => (
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {i.invoiceNumber}
      </Text>
    ),
  },
  { key: 'issued', header: 'Issued', render: (i) => formatDate(i.issuedOn) },
  ...middle,
  { key: 'total', header: 'Total', align: 'right', render: (i) => formatUsd(i.total) },
  {
    key: 'status',
    header: 'Status',
    render: (i) => (
      <Badge variant="light" color={i.status === 'void' ? 'gray' : 'teal'}>
        {CASE_INVOICE_STATUS_NAMES[i.status]}
      </Badge>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (i) => (
      <RowActions
        name={i.invoiceNumber}
        actions={[{ label: 'Download PDF', icon: IconDownload, onClick: () => onDownload(i) }]}
      />
    ),
  },
];

/**
 * Issue 34 item 5: the invoices of a case, in its Fees tab. The Create Invoice activity issues one (from the lines
 * the firm confirms); undoing it voids the invoice, which stays listed with its number. Each downloads as a PDF.
 */
export function CaseInvoices({ caseId }: { caseId: string }) {
  const invoices = useCaseInvoices(caseId);
  const download = useDownloadCaseInvoice(caseId);
  const columns = invoiceColumns<CaseInvoice>(
    (i) => download.mutate(i, { onError: (error) => void notify.error(error) }),
    [{ key: 'billedTo', header: 'Billed to', render: (i) => i.billedTo.split('\n')[0] }],
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="xs">
        Invoices
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Issued by the Create Invoice activity from the lines you confirm; undoing that activity voids its invoice.
      </Text>
      <ErrorAlert error={invoices.error} />
      <DataTable
        caption="Case invoices"
        columns={columns}
        rows={invoices.data?.list}
        rowKey={(i) => i._id}
        loading={invoices.isPending}
        emptyText="No invoices yet: the Create Invoice activity issues one."
        minWidth={560}
        skeletonRows={2}
      />
    </Paper>
  );
}
