import { BILLING_READ_ONLY_NOTE } from '@caseport/domain/billing/access';
import { CARD_MESSAGES, type CardField, cardBrand, checkCard, cvcLength } from '@caseport/domain/billing/cards';
import { formatUsd } from '@caseport/domain/billing/invoices';
import { COUPON_RULES_NOTE, type Interval, type Plan, type PlanId, priceCents } from '@caseport/domain/billing/plans';
import type { ChangePreview } from '@caseport/domain/billing/proration';
import { renewalSentence } from '@caseport/domain/billing/renewal';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../components/format-date';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import {
  useBillingRights,
  useCards,
  usePlans,
  usePreviewChange,
  useSaveCard,
  useSelectedPlanSummary,
  useSubscribe,
  useValidateCoupon,
} from './api';
import { PlanChangeDialog } from './plan-change-dialog';

interface CardValues {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}
const EMPTY_CARD: CardValues = { number: '', expMonth: '', expYear: '', cvc: '' };

/** Groups the digits as they are printed on the card (4-6-5 for American Express, else fours). */
const spaced = (raw: string) => {
  const d = raw.replace(/\D/g, '').slice(0, 19);
  if (cardBrand(d) === 'American Express')
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
};

/** One of the short, digits-only card fields (month, year, CVC): required, with a numeric keyboard on phones. */
const CardDigits = (
  props: Pick<TextInputProps, 'label' | 'autoComplete' | 'placeholder' | 'maxLength' | 'value' | 'onChange' | 'error'>,
) => <TextInput {...props} withAsterisk inputMode="numeric" />;

/** The update form of the card section: checked in the browser (R-BILL-006/007), then by the processor. */
function CardForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const save = useSaveCard();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<CardField | 'terms', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const brand = cardBrand(values.number);
  const set = (key: keyof CardValues) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((prev) => ({ ...prev, [key]: key === 'number' ? spaced(v) : v.replace(/\D/g, '') }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const checked = checkCard(values, new Date());
    const next: typeof errors = {};
    if (!checked.ok) for (const f of checked.fields) next[f.name] = f.message;
    if (!terms) next.terms = CARD_MESSAGES.termsRequired; // R-BILL-004
    setErrors(next);
    if (!checked.ok) setProblem(CARD_MESSAGES.invalidCard); // R-BILL-006
    if (Object.keys(next).length) return;
    try {
      const res = await save.mutateAsync(values);
      setValues(EMPTY_CARD);
      void notify.success(res.message); // R-BILL-008
      onDone();
    } catch (err) {
      setProblem(isApiError(err) && err.status === 402 ? err.message : CARD_MESSAGES.invalidCard);
    }
  };

  return (
    <form noValidate aria-label="Update card" onSubmit={onSubmit}>
      <Stack gap="sm">
        {problem ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={problem}
            onClose={() => setProblem(null)}
            withCloseButton
          >
            {null}
          </Alert>
        ) : null}
        <TextInput
          label="Card Number"
          withAsterisk
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.number}
          onChange={set('number')}
          error={errors.number}
          rightSection={
            brand ? (
              <Badge size="xs" variant="light">
                {brand}
              </Badge>
            ) : null
          }
          rightSectionWidth={brand ? 120 : undefined}
        />
        <SimpleGrid cols={3} spacing="sm">
          <CardDigits
            label="Expiry Month"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            value={values.expMonth}
            onChange={set('expMonth')}
            error={errors.expMonth}
          />
          <CardDigits
            label="Expiry Year"
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            maxLength={4}
            value={values.expYear}
            onChange={set('expYear')}
            error={errors.expYear}
          />
          <CardDigits
            label="CVC"
            autoComplete="cc-csc"
            placeholder={brand === 'American Express' ? '4 digits' : '3 digits'}
            maxLength={cvcLength(brand)}
            value={values.cvc}
            onChange={set('cvc')}
            error={errors.cvc}
          />
        </SimpleGrid>
        <Checkbox
          label="I agree to the payment Terms"
          checked={terms}
          onChange={(e) => {
            setTerms(e.currentTarget.checked);
            setErrors((prev) => ({ ...prev, terms: undefined }));
          }}
          error={errors.terms}
        />
        <ModalFooter onCancel={canCancel ? onDone : undefined} saving={save.isPending} saveLabel="Save Card" gap="sm" />
      </Stack>
    </form>
  );
}

/**
 * The card section (001 §2.3): the saved card (brand, last 4, expiry month and year, R-BILL-001) or the update
 * form, toggling between them (R-BILL-002), with the payment-terms checkbox (R-BILL-003).
 */
export function CardSection() {
  const cards = useCards();
  const canWrite = useBillingRights().plan;
  const [updating, setUpdating] = useState(false);
  const saved = cards.data?.list[0] ?? null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" mb="md">
        <Title order={3}>Card</Title>
        {saved && !updating && canWrite ? (
          <Button
            variant="light"
            leftSection={<IconCreditCard size={16} aria-hidden="true" />}
            onClick={() => setUpdating(true)}
          >
            Update Card
          </Button>
        ) : null}
      </Group>
      {cards.isPending ? (
        <Skeleton h={40} aria-label="Loading card" />
      ) : cards.isError ? (
        <Alert color="red" title="The card could not be loaded">
          <Button size="xs" variant="default" onClick={() => void cards.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : saved && !updating ? (
        <Group gap="md" aria-label="Saved card">
          <IconCreditCard size={28} aria-hidden="true" />
          <div>
            <Text fw={600}>
              {saved.brand} ending in {saved.last4}
            </Text>
            <Text size="sm" c="dimmed">
              Expires {String(saved.exp_month).padStart(2, '0')}/{saved.exp_year}
            </Text>
          </div>
        </Group>
      ) : canWrite ? (
        <CardForm onDone={() => setUpdating(false)} canCancel={!!saved} />
      ) : (
        <Text size="sm" c="dimmed">
          No card on file. {BILLING_READ_ONLY_NOTE}
        </Text>
      )}
    </Paper>
  );
}

function PlanOption({ plan, interval }: { plan: Plan; interval: Interval }) {
  const price = interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice;
  return (
    <Radio.Card value={plan._id} radius="md" p="md" aria-label={`${plan.name} plan`}>
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={4}>
          <Text fw={600}>{plan.name}</Text>
          <Text size="lg" fw={700}>
            {formatUsd(price)}
            <Text span size="sm" c="dimmed">
              {' '}
              / {interval}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{plan.criteria.users} users</List.Item>
            <List.Item>{plan.criteria.cases.toLocaleString('en-US')} cases</List.Item>
            <List.Item>{plan.criteria.storageGb.toLocaleString('en-US')} GB storage</List.Item>
          </List>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * The plans (R-BILL-019, R-BILL-020, R-BILL-023): the selected plan and its renewal date, the plans to choose
 * between per month or year, a coupon, and subscribe ('somthing went wrong' when it fails, R-BILL-022).
 */
export function PlanSection({ hasCard }: { hasCard: boolean }) {
  const me = useCurrentUser();
  const plans = usePlans();
  const selected = useSelectedPlanSummary(me);
  const subscribe = useSubscribe();
  const validate = useValidateCoupon();
  const canWrite = useBillingRights().plan;
  const current = selected.data?.plan ?? null;
  const [planId, setPlanId] = useState<string | null>(null);
  const [interval, setBillingInterval] = useState<Interval | null>(null);
  const [coupon, setCoupon] = useState('');
  const [applied, setApplied] = useState<{ code: string; percentOff: number } | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<{ signature: string; key: string } | null>(null);
  const previewChange = usePreviewChange();
  const [preview, setPreview] = useState<ChangePreview | null>(null);
  // The radio offers only the plans the list answers, so its value is one of the plan ids the server accepts.
  const chosenId = (planId ?? current?.code ?? 'professional') as PlanId;
  const chosenInterval: Interval = interval ?? (current?.interval as Interval | undefined) ?? 'month';
  const chosen = plans.data?.list.find((p) => p._id === chosenId);

  const applyCoupon = async () => {
    setCouponError(null);
    setApplied(null);
    try {
      const res = await validate.mutateAsync({ couponCode: coupon, planId: chosenId });
      setApplied({ code: res.couponCode, percentOff: res.percentOff });
    } catch (err) {
      setCouponError(isApiError(err) ? err.message : CARD_MESSAGES.subscribeFailed);
    }
  };
  const choiceNow = () => ({
    planId: chosenId,
    interval: chosenInterval,
    ...(applied ? { couponCode: applied.code } : {}),
  });
  const failed = (err: unknown) => {
    // Issue 39: a coupon refused at subscribe (used up meanwhile) says so on the coupon field; a 409 says why
    // (already on this plan for the period, or the amount changed since it was shown); anything else is
    // R-BILL-022's message.
    const couponField = isApiError(err) ? err.fields?.find((f) => f.name === 'couponCode') : undefined;
    if (couponField) {
      setApplied(null);
      setCouponError(couponField.message);
    }
    void notify.error(
      couponField?.message ?? (isApiError(err) && err.status === 409 ? err.message : CARD_MESSAGES.subscribeFailed),
    );
  };
  // Issue 38 finding 1: the button asks the server what the change costs now and from when, and shows it first.
  const onReview = async () => {
    try {
      setPreview(await previewChange.mutateAsync(choiceNow()));
    } catch (err) {
      failed(err);
    }
  };
  const onSubscribe = async () => {
    if (!preview) return;
    const choice = choiceNow();
    // Issue 39: one key per user action. Trying the same choice again after a failure sends the same key, so
    // the server answers the first purchase instead of charging twice; another choice is another action.
    const signature = JSON.stringify(choice);
    const idempotencyKey = attempt?.signature === signature ? attempt.key : crypto.randomUUID();
    setAttempt({ signature, key: idempotencyKey });
    try {
      // The amount the confirmation showed: the server charges it or refuses (409), never another one.
      const res = await subscribe.mutateAsync({ ...choice, idempotencyKey, expectedDueNow: preview.dueNow });
      void notify.success(
        res.invoice ? `${res.message}. Invoice ${res.invoice.refId} is in your invoice list.` : `${res.message}.`,
      );
      setPreview(null);
      setAttempt(null);
      setApplied(null);
      setCoupon('');
    } catch (err) {
      setPreview(null);
      failed(err);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={3}>Plan</Title>
        <SegmentedControl
          aria-label="Billing interval"
          value={chosenInterval}
          onChange={(v) => setBillingInterval(v as Interval)}
          data={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
        />
      </Group>
      {current?.name ? (
        <Text size="sm" mb="sm" aria-label="Current plan">
          Current plan: <b>{current.name}</b> ({current.interval === 'year' ? 'yearly' : 'monthly'})
          {/* Issue 38 finding 1: what the renewal run charges then, in the server's figures. */}
          {current.renewal && current.planId && current.interval ? (
            <> · {renewalSentence(current.renewal, { planId: current.planId, interval: current.interval }, hasCard)}</>
          ) : current.renewsOn ? (
            <> · renews on {formatDate(current.renewsOn)}</>
          ) : null}
        </Text>
      ) : (
        <Text size="sm" mb="sm" c="dimmed">
          No plan yet: choose the one that fits your team.
        </Text>
      )}
      {plans.isPending ? (
        <Skeleton h={160} aria-label="Loading plans" />
      ) : plans.isError ? (
        <Alert color="red" title="Plans could not be loaded">
          <Button size="xs" variant="default" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Radio.Group value={chosenId} onChange={setPlanId} aria-label="Plans">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            {plans.data.list.map((p) => (
              <PlanOption key={p._id} plan={p} interval={chosenInterval} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      {canWrite ? (
        <>
          <Group align="flex-end" mt="md" gap="sm" wrap="wrap">
            <TextInput
              label="Coupon"
              placeholder="Coupon code"
              value={coupon}
              onChange={(e) => {
                setCoupon(e.currentTarget.value);
                setCouponError(null);
                setApplied(null);
              }}
              error={couponError}
              description={COUPON_RULES_NOTE}
              style={{ flex: '1 1 180px' }}
            />
            <Button
              variant="default"
              onClick={() => void applyCoupon()}
              disabled={!coupon.trim()}
              loading={validate.isPending}
            >
              Redeem
            </Button>
          </Group>
          {applied ? (
            <Text size="sm" c="teal" mt={4} role="status">
              Coupon {applied.code}: {applied.percentOff}% off
            </Text>
          ) : null}
          <Group justify="space-between" mt="md" gap="sm">
            <Text size="sm" aria-label="Amount due">
              {chosen && !current ? (
                <>
                  Due today: <b>{formatUsd(priceCents(chosen, chosenInterval, applied?.percentOff ?? 0) / 100)}</b>
                </>
              ) : chosen ? (
                // Issue 38 finding 1: a change is prorated; its amount now is shown before anything is charged.
                <>
                  Price: <b>{formatUsd(priceCents(chosen, chosenInterval, applied?.percentOff ?? 0) / 100)}</b> a{' '}
                  {chosenInterval}. The amount due now is shown before anything is charged.
                </>
              ) : null}
            </Text>
            <Button onClick={() => void onReview()} loading={previewChange.isPending} disabled={!hasCard || !chosen}>
              {current ? 'Change Plan' : 'Subscribe'}
            </Button>
          </Group>
          {!hasCard ? (
            <Text size="xs" c="dimmed" mt={4}>
              Add a card to subscribe.
            </Text>
          ) : null}
          <PlanChangeDialog
            preview={preview}
            isFirst={!current}
            loading={subscribe.isPending}
            onConfirm={() => void onSubscribe()}
            onCancel={() => setPreview(null)}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {BILLING_READ_ONLY_NOTE}
        </Text>
      )}
    </Paper>
  );
}

/** The card and plan of the Billing & Payments tab, and the Plan & payment step of the card/plan hold (D-27). */
export function PlanAndPayment() {
  const cards = useCards();
  return (
    <Stack gap="lg">
      <PlanSection hasCard={(cards.data?.totalCount ?? 0) > 0} />
      <CardSection />
    </Stack>
  );
}
