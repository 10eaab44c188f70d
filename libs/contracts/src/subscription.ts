/** Plans, usage quotas and payments (docs/product.md#plans-and-limits, docs/product.md#usage-limit). */
import type { ErrorCode } from './errors';

export const PLAN_IDS = ['BASIC_PLAN', 'PRO_PLAN'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The metered features, as the 429 body and planLimits name them. */
export const USAGE_FEATURES = [
  'messagesPerMonth',
  'mediaGenerationsPerMonth',
  'voiceMinutesPerMonth',
  'audioUploadsPerMonth',
  'webSearchesPerMonth',
] as const;
export type UsageFeature = (typeof USAGE_FEATURES)[number];

/** The key each feature has in `usage.current` and `usage.percentages`. */
export const USAGE_COUNTER_KEYS = {
  messagesPerMonth: 'messages',
  mediaGenerationsPerMonth: 'mediaGenerations',
  voiceMinutesPerMonth: 'voiceMinutes',
  audioUploadsPerMonth: 'audioUploads',
  webSearchesPerMonth: 'webSearches',
} as const satisfies Record<UsageFeature, string>;
export type UsageCounterKey = (typeof USAGE_COUNTER_KEYS)[UsageFeature];

/** Display names of the features ('{name} Limit Reached', docs/product.md#usage-limit). */
export const USAGE_FEATURE_NAMES: Record<UsageFeature, string> = {
  messagesPerMonth: 'Messages',
  mediaGenerationsPerMonth: 'Media Generation',
  voiceMinutesPerMonth: 'Voice Minutes',
  audioUploadsPerMonth: 'Audio Uploads',
  webSearchesPerMonth: 'Web Searches',
};

/** A limit of -1 means unlimited (docs/product.md#plans-and-limits). */
export const UNLIMITED = -1;
/** Meters warn at 80 % and stop at 100 % (docs/product.md#usage-meters). */
export const USAGE_WARNING_PERCENT = 80;

/**
 * One plan's price and monthly limits. voiceMinutesPerMonth is in seconds (shown as minutes,
 * divided by 60 and rounded down: docs/product.md#usage-meters).
 */
export interface PlanLimits extends Record<UsageFeature, number> {
  name: string;
  /** Monthly price in USD by card (0 = free). */
  price: number;
  /** Monthly price in XAF by mobile money (0 = free). */
  priceXaf: number;
}

export interface SubscriptionUsage {
  current: Record<UsageCounterKey, number>;
  limits: Record<UsageFeature, number>;
  /** 0–100+, rounded down; 0 when the limit is unlimited. */
  percentages: Record<UsageCounterKey, number>;
}

/** How the user's Pro is paid, when it is (beyond the status the product describes; the page shows the end date). */
export interface ActiveSubscription {
  method: PaymentMethod;
  provider: PaymentProvider;
  /** Pro lasts until this instant (ISO). */
  currentPeriodEnd: string;
  /** Cancelled: stays Pro until currentPeriodEnd, then Basic. Mobile money passes never renew. */
  cancelAtPeriodEnd: boolean;
  /** Only card subscriptions can be cancelled (a mobile-money pass simply runs out). */
  cancellable: boolean;
}

/** GET /api/subscription/status (docs/product.md#subscription-page). */
export interface SubscriptionStatus {
  plan: PlanId;
  planLimits: Record<PlanId, PlanLimits>;
  usage: SubscriptionUsage;
  subscription: ActiveSubscription | null;
  /** When the monthly counters start again (ISO; the 1st of next month, 00:00 UTC). */
  usageResetsAt: string;
}

/** GET /api/subscription/plans (public; the pricing page renders from it). */
export interface PlansResponse {
  plans: Array<PlanLimits & { id: PlanId }>;
}

/** The body of every over-quota 429 (docs/product.md#usage-limit), exactly. */
export interface UsageLimitErrorBody {
  error: 'Usage limit exceeded';
  feature: UsageFeature;
  current: number;
  limit: number;
  upgradeRequired: boolean;
  /** Added to the product's 429 shape: the stable error code every error body carries. */
  code: 'USAGE_LIMIT_EXCEEDED';
}
export const USAGE_LIMIT_ERROR = 'Usage limit exceeded';

export type PaymentMethod = 'card' | 'mobile_money';
export type PaymentProvider = 'stripe' | 'flutterwave' | 'sandbox';

/**
 * POST /api/subscription/create. `clientSecret` opens the card form (Stripe's Payment Element);
 * none means the user already has Pro ('Already Subscribed'). In the sandbox the secret is a
 * sandbox one and `checkoutUrl` is the local approve / decline page.
 */
export interface CreateSubscriptionResponse {
  clientSecret?: string;
  checkoutUrl?: string;
}

/** POST /api/subscription/cancel. */
export interface CancelSubscriptionResponse {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
}

export const MOBILE_MONEY_NETWORKS = ['MTN', 'ORANGE', 'AIRTEL'] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/**
 * The networks mobile money has a route for: what Flutterwave's francophone mobile money routes in
 * Cameroon, and the sandbox that stands in for it. Airtel Money has none: the form does not offer
 * it and the server refuses it (docs/product.md#checkout).
 */
export const ROUTED_MOBILE_MONEY_NETWORKS: readonly MobileMoneyNetwork[] = ['MTN', 'ORANGE'];

/** POST /api/flutterwave/create-mobile-money-payment (docs/product.md#checkout). */
export interface MobileMoneyPaymentRequest {
  phone_number: string;
  network: MobileMoneyNetwork;
  email: string;
  full_name: string;
}

export interface MobileMoneyPaymentResponse {
  success: boolean;
  /** The provider's page to finish paying on (the client redirects there). */
  payment_url?: string;
  /** What to do on the phone (approve the prompt / dial the code). */
  instructions?: string;
  message: string;
  /** With `success: false` (a non-OK answer): the stable code of `message`. */
  code?: ErrorCode;
  /**
   * Sandbox only: the local approve / decline page that stands in for the prompt on the phone.
   * The client shows 'Payment Request Sent!' as with a real request, plus a link to this page.
   */
  checkoutUrl?: string;
}

/** Which payment engines run (Stripe / Flutterwave when configured, else the sandbox: docs/operations.md#configuration). */
export interface PaymentsRuntimeConfig {
  card: 'stripe' | 'sandbox';
  /** Stripe's publishable key (public by design), when card is 'stripe'. */
  stripePublishableKey?: string;
  mobileMoney: 'flutterwave' | 'sandbox';
  /** The calling code mobile money numbers are read with (MOBILE_MONEY_COUNTRY_CODE, e.g. '237'). */
  mobileMoneyCountryCode: string;
  /** The networks mobile money has a route for: the only ones the form offers. */
  mobileMoneyNetworks: MobileMoneyNetwork[];
}
