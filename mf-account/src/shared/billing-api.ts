import {
  Routes,
  IDEMPOTENCY_KEY_HEADER,
  type AddPaymentMethodInput,
  type BillingRecordDto,
  type CurrentSubscriptionResponse,
  type InvoiceDto,
  type LocalCardInput,
  type LocalCardTokenResponse,
  type PaymentMethodDto,
  type PlanId,
  type PlansResponse,
  type SetupIntentResponse,
  type SubscriptionDto,
} from '@rampquote/contracts';
import { api, type AppDispatch } from '@rampquote/web-kit';

/**
 * The billing calls of spec section 7 under `/api/billing` (svc-billing), shared by the billing and subscription
 * pages and the account's Billing Preferences tab. Endpoint names are prefixed `billing` (cards, history) and
 * `subscription` (plans, the subscription). Every change invalidates what it changes, so the lists refresh
 * (spec section 4); a subscription change also invalidates the profile, whose plan fields svc-identity fills from
 * the `subscription-changed` event.
 */
const RECORD_TAG = { type: 'Billing' as const, id: 'RECORD' };
const INVOICES_TAG = { type: 'Billing' as const, id: 'INVOICES' };
const CARDS_TAG = { type: 'PaymentMethod' as const, id: 'LIST' };
const SUBSCRIPTION_TAG = { type: 'Subscription' as const, id: 'CURRENT' };
const CARD_CHANGES = [RECORD_TAG, CARDS_TAG];
const SUBSCRIPTION_CHANGES = [SUBSCRIPTION_TAG, INVOICES_TAG, 'Profile' as const];

/** One user action's key: a retry of the same action sends the same key, so nothing is created twice. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export interface SubscriptionCreateArgs {
  planId: PlanId;
  idempotencyKey: string;
}
export interface SubscriptionSwitchArgs extends SubscriptionCreateArgs {
  subscriptionId: string;
}
export interface SubscriptionCancelArgs {
  subscriptionId: string;
  idempotencyKey: string;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/billing: cards, default card and which card form to show (provider). */
    billingRecord: build.query<BillingRecordDto, void>({
      query: () => Routes.billing.root,
      providesTags: [RECORD_TAG, CARDS_TAG],
    }),
    /** GET /api/billing/payment-method: the saved cards (the account tab's payment-methods block). */
    billingPaymentMethods: build.query<PaymentMethodDto[], void>({
      query: () => Routes.billing.paymentMethods,
      providesTags: [CARDS_TAG],
    }),
    /** GET /api/billing/invoices: the billing history, newest first. */
    billingInvoices: build.query<InvoiceDto[], void>({
      query: () => Routes.billing.invoices,
      providesTags: [INVOICES_TAG],
    }),
    /**
     * POST /api/billing/local/card-token (local provider): the card the user entered, once. Dispatch it only through
     * `tokenizeLocalCard` below (untracked), so the number and CVC never stay in the store.
     */
    billingLocalCardToken: build.mutation<LocalCardTokenResponse, LocalCardInput>({
      query: (card) => ({ url: Routes.billing.localCardToken, method: 'POST', body: card }),
    }),
    /** POST /api/billing/setup-intent (Stripe): the client secret Stripe Elements confirms. */
    billingSetupIntent: build.mutation<SetupIntentResponse, void>({
      query: () => ({ url: Routes.billing.setupIntent, method: 'POST' }),
    }),
    /** POST /api/billing/payment-method: `{ paymentMethodId }` (a token or Stripe id, never card data). */
    billingAddPaymentMethod: build.mutation<PaymentMethodDto, AddPaymentMethodInput>({
      query: (body) => ({ url: Routes.billing.paymentMethods, method: 'POST', body }),
      invalidatesTags: CARD_CHANGES,
    }),
    billingRemovePaymentMethod: build.mutation<BillingRecordDto, string>({
      query: (id) => ({ url: `${Routes.billing.paymentMethods}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: CARD_CHANGES,
    }),
    billingSetDefaultPaymentMethod: build.mutation<BillingRecordDto, string>({
      query: (paymentMethodId) => ({
        url: Routes.billing.defaultPaymentMethod,
        method: 'POST',
        body: { paymentMethodId },
      }),
      invalidatesTags: CARD_CHANGES,
    }),

    /** GET /api/billing/plans: the plans keyed by plan id. */
    subscriptionPlans: build.query<PlansResponse, void>({
      query: () => Routes.billing.plans,
      providesTags: ['Plan'],
    }),
    /** GET /api/billing/subscription: `{ subscription: null }` when there is none. */
    subscriptionCurrent: build.query<CurrentSubscriptionResponse, void>({
      query: () => Routes.billing.subscription,
      providesTags: [SUBSCRIPTION_TAG],
    }),
    subscriptionCreate: build.mutation<SubscriptionDto, SubscriptionCreateArgs>({
      query: ({ planId, idempotencyKey }) => ({
        url: Routes.billing.subscription,
        method: 'POST',
        body: { planId },
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: SUBSCRIPTION_CHANGES,
    }),
    subscriptionSwitch: build.mutation<SubscriptionDto, SubscriptionSwitchArgs>({
      query: ({ subscriptionId, planId, idempotencyKey }) => ({
        url: `${Routes.billing.subscription}/${encodeURIComponent(subscriptionId)}`,
        method: 'PUT',
        body: { planId },
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: SUBSCRIPTION_CHANGES,
    }),
    subscriptionCancel: build.mutation<SubscriptionDto, SubscriptionCancelArgs>({
      query: ({ subscriptionId, idempotencyKey }) => ({
        url: `${Routes.billing.subscription}/${encodeURIComponent(subscriptionId)}`,
        method: 'DELETE',
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: SUBSCRIPTION_CHANGES,
    }),
  }),
});

export const {
  useBillingRecordQuery,
  useBillingPaymentMethodsQuery,
  useBillingInvoicesQuery,
  useBillingSetupIntentMutation,
  useBillingAddPaymentMethodMutation,
  useBillingRemovePaymentMethodMutation,
  useBillingSetDefaultPaymentMethodMutation,
  useSubscriptionPlansQuery,
  useSubscriptionCurrentQuery,
  useSubscriptionCreateMutation,
  useSubscriptionSwitchMutation,
  useSubscriptionCancelMutation,
} = billingApi;

/**
 * Sends the entered card to the tokenizing call, untracked: the request's arguments are not kept in the store
 * (a tracked mutation keeps its arguments in `state.api.mutations`), so the number and CVC live only in the form
 * until this call and in the request itself.
 */
export function tokenizeLocalCard(dispatch: AppDispatch, card: LocalCardInput): Promise<LocalCardTokenResponse> {
  return dispatch(billingApi.endpoints.billingLocalCardToken.initiate(card, { track: false })).unwrap();
}
