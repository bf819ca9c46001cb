import type { Me } from '@caseport/domain/auth/contracts';
import { canEditBillingDetails, canWriteBilling } from '@caseport/domain/billing/access';
import type { BillingDetails, CustomerDetails } from '@caseport/domain/billing/billing-details';
import { CARDS_PER_PAGE } from '@caseport/domain/billing/cards';
import type { Subscriber } from '@caseport/domain/billing/invoices';
import { PLANS_PER_PAGE } from '@caseport/domain/billing/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, api } from '../../lib/api-client';
import { ME_KEY, useCurrentUser } from '../../lib/current-user';
import { selectedPlanBody } from '../../lib/shell-queries';

export const INVOICES_KEY = ['invoices'] as const;

/** The `subscriber` the billing calls carry: the signed-in user's tenant and e-mail. */
export const subscriberOf = (me: Me): Subscriber => ({
  ...(me.tenantId ? { tenantId: me.tenantId } : {}),
  email: me.user.email,
});
export const INVOICE_LIST_PATH = '/api/invoices/list';

/**
 * Issue 39: may this user change the plan and card (role 3; role 50 while the tenant is held) and the Billing
 * Details (role 3)? The server checks the same rule (billing/access.ts); the screen only hides what would be 403.
 */
export const useBillingRights = () => {
  const me = useCurrentUser();
  const state = me.tenant ?? { hasCard: false, hasPlan: false };
  return { plan: canWriteBilling(me.roleId, state), details: canEditBillingDetails(me.roleId) };
};

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
export const useInvoices = (
  body: InvoiceListRequest, // The sort path is the column's sortPath, one of those the server lists.
) => useListQuery(INVOICES_KEY, INVOICE_LIST_PATH, body as ApiBody<typeof INVOICE_LIST_PATH>);

export const CUSTOMER_KEY = ['billing', 'customer'] as const;

/** R-BILL-018: the customer as billing knows it (the saved Billing Details). */
export const useCustomerDetails = (subscriber: Subscriber) =>
  useQuery({
    queryKey: CUSTOMER_KEY,
    queryFn: ({ signal }) => api.call('/api/billing/get-customer-details', { subscriber }, signal),
  });

/** R-BILL-017: POST /tenant/update-billing-details {billingDetails}. */
export const useUpdateBillingDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billingDetails: BillingDetails) =>
      api.call('/api/tenant/update-billing-details', {
        billingDetails,
      }),
    onSuccess: (res) => queryClient.setQueryData<CustomerDetails>(CUSTOMER_KEY, { billingDetails: res.billingDetails }),
  });
};

// ---- Card, payment terms, plans and subscription (R-BILL-001..008, R-BILL-019..022, D-26) ----

export const CARDS_KEY = ['billing', 'cards'] as const;
export const PLANS_KEY = ['billing', 'plans'] as const;
export const SELECTED_PLAN_KEY = ['billing', 'selected-plan-summary'] as const;

/** R-BILL-021: the card list, 100 a page. */
export const useCards = () =>
  useQuery({
    queryKey: CARDS_KEY,
    queryFn: ({ signal }) => api.call('/api/subscription/cards', { page: 1, perpage: CARDS_PER_PAGE }, signal),
  });

/** R-BILL-020: the plans, 2500 a page. */
export const usePlans = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => api.call('/api/subscription/plans', { page: 1, perpage: PLANS_PER_PAGE }, signal),
    staleTime: 5 * 60_000,
  });

/** Get selected plan: the subscription with its renewal date, the card and terms flags. */
export const useSelectedPlanSummary = (me: Me) =>
  useQuery({
    queryKey: SELECTED_PLAN_KEY,
    queryFn: ({ signal }) => api.call('/api/billing/selected-plan', selectedPlanBody(me), signal),
  });

/** After a card or plan change: the card, the plan, the invoices and the user's hold flags are fresh again. */
const useBillingRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);
};

/**
 * D-26: the card goes to the processor's tokenization endpoint (the sandbox's here) and only the token, with
 * brand, last 4 and expiry, goes to billing. R-BILL-005: the payment terms are accepted first.
 */
export const useSaveCard = () => {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: async (card: { number: string; expMonth: string; expYear: string; cvc: string }) => {
      await api.call('/api/tenant/pay-terms-accepted', {});
      const token = await api.call('/api/payments-sandbox/tokens', {
        number: card.number,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        cvc: card.cvc,
      });
      return api.call('/api/subscription/attach-payment-method', { token: token.id });
    },
    onSuccess: () => refresh(),
  });
};

export const useValidateCoupon = () =>
  useMutation({
    mutationFn: (body: ApiBody<'/api/subscription/validate-coupon'>) =>
      api.call('/api/subscription/validate-coupon', body),
  });

export const useSubscribe = () => {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/subscription/subscribe'>) => api.call('/api/subscription/subscribe', body),
    onSuccess: () => refresh(),
  });
};

/** Issue 38 finding 1: what a plan change would charge now and from when (the confirmation's figures). */
export const usePreviewChange = () =>
  useMutation({
    mutationFn: (body: ApiBody<'/api/subscription/preview-change'>) =>
      api.call('/api/subscription/preview-change', body),
  });

/** Issue 38 finding 1: Pay now, an unpaid invoice charged to the card on file. */
export const usePayInvoice = () => {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/invoices/pay'>) => api.call('/api/invoices/pay', body),
    onSuccess: () => refresh(),
  });
};
