import { randomBytes } from 'node:crypto';

/** 24 random bytes, base64url: the checkout link is the only key to the page, so it is unguessable. */
export const SANDBOX_CHECKOUT_ID = /^[A-Za-z0-9_-]{32}$/;

export function newSandboxCheckoutId(): string {
  return randomBytes(24).toString('base64url');
}

/** Relative, so it works behind any proxy or dev server that forwards /api. */
export function sandboxCheckoutUrl(checkoutId: string): string {
  return `/api/billing/sandbox/checkout/${checkoutId}`;
}
