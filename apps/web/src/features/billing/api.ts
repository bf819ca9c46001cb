import type { Me } from '@caseport/domain/auth/contracts';
import type { BillingDetails, CustomerDetails } from '@caseport/domain/billing/billing-details';
import type { InvoiceItem, Subscriber } from '@caseport/domain/billing/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';

export const INVOICES_KEY = ['invoices'] as const;

/** The `subscriber` the billing calls carry: the signed-in user's tenant and e-mail. */
export const subscriberOf = (me: Me): Subscriber => ({
  ...(me.tenantId ? { tenantId: me.tenantId } : {}),
  email: me.user.email,
});
export const INVOICE_LIST_PATH = '/api/invoices/list';

/** The filters the list has applied: the search as typed (debounced), and the drafts of the filter bar. */
export interface InvoiceFilterValues {
  statusIds: (1 | 2)[];
  createdOnRange: [string | null, string | null];
  companyId: string | null;
}

export interface InvoiceListRequest {
  appActivity: string;
  filters: {
    title?: string;
    statusIds?: (1 | 2)[];
    createdOnRange?: string[];
    companyId?: string;
  };
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  subscriber: Subscriber;
}

/** R-BILL-032: only the filters that hold a value travel; the date range as YYYY-MM-DD. */
export const invoiceFilters = (title: string, f: InvoiceFilterValues): InvoiceListRequest['filters'] => {
  const [from, to] = f.createdOnRange;
  return {
    ...(title ? { title } : {}),
    ...(f.statusIds.length ? { statusIds: f.statusIds } : {}),
    ...(from ? { createdOnRange: to ? [from, to] : [from] } : {}),
    ...(f.companyId ? { companyId: f.companyId } : {}),
  };
};

/** R-BILL-032: POST /invoices/list; a failed load is an empty list with a toast (R-API-012). */
export const useInvoices = (body: InvoiceListRequest) =>
  useListQuery<InvoiceItem>(INVOICES_KEY, INVOICE_LIST_PATH, body);

export const CUSTOMER_KEY = ['billing', 'customer'] as const;

/** R-BILL-018: the customer as billing knows it (the saved Billing Details). */
export const useCustomerDetails = (subscriber: Subscriber) =>
  useQuery({
    queryKey: CUSTOMER_KEY,
    queryFn: ({ signal }) => api.post<CustomerDetails>('/api/billing/get-customer-details', { subscriber }, signal),
  });

/** R-BILL-017: POST /tenant/update-billing-details {billingDetails}. */
export const useUpdateBillingDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billingDetails: BillingDetails) =>
      api.post<{ message: string; billingDetails: BillingDetails }>('/api/tenant/update-billing-details', {
        billingDetails,
      }),
    onSuccess: (res) => queryClient.setQueryData<CustomerDetails>(CUSTOMER_KEY, { billingDetails: res.billingDetails }),
  });
};
