/**
 * What a card payment provider reports about one subscription, in Kasa's terms. Stripe's
 * webhooks are translated into these (stripe-card-events.ts) and the sandbox checkout builds the
 * same ones, so both go through CardSubscriptionLifecycle.
 */
export type CardSubscriptionEvent = CardPaid | CardStateChanged | CardDeclined;

interface CardEventBase {
  provider: 'stripe' | 'sandbox';
  /** The provider's subscription id (the sandbox: the checkout id). */
  ref: string;
  /** The user, when the provider names them (a subscription Kasa has no row for yet). */
  ownerId?: string;
}

/** An invoice of the subscription was paid: Pro until the end of the period it paid for. */
export interface CardPaid extends CardEventBase {
  kind: 'paid';
  periodEnd: Date;
}

/**
 * The subscription's state at the provider: 'active' (Pro until periodEnd), 'ended' (deleted or
 * expired: Basic), or 'unchanged' (e.g. waiting for the first payment, or a renewal failing:
 * Pro stays until the end already paid for).
 */
export interface CardStateChanged extends CardEventBase {
  kind: 'state';
  state: 'active' | 'ended' | 'unchanged';
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When the provider produced this state (event time); older states arriving late are ignored. */
  at: Date;
}

/** The first payment was declined (the sandbox's Decline). */
export interface CardDeclined extends CardEventBase {
  kind: 'declined';
}
