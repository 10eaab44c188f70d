// Test harness of the billing pages: the subscription page rendered as the shell renders it, with
// the API stubbed at the window.fetch boundary (@kasa/ui/testing); only billing's fixtures live here.
import type { QueryClient } from '@tanstack/react-query';
import type { PaymentsRuntimeConfig } from '@kasa/contracts';
import type { Language } from '@kasa/ui';
import { renderRemote } from '@kasa/ui/testing';
import App from '../App';

export { ok, stubApi, type Route } from '@kasa/ui/testing';
/** A status as GET /api/subscription/status answers it (the shared test plan limits). */
export { subscriptionStatusOf as statusOf } from '@kasa/ui/testing';

export const STATUS = 'GET /api/subscription/status';
export const CREATE = 'POST /api/subscription/create';
export const CANCEL = 'POST /api/subscription/cancel';
export const MOBILE_MONEY = 'POST /api/flutterwave/create-mobile-money-payment';

/** Sandbox engines, Cameroon numbers, the networks the server routes (MTN and Orange: no Airtel). */
export const SANDBOX: PaymentsRuntimeConfig = {
  card: 'sandbox',
  mobileMoney: 'sandbox',
  mobileMoneyCountryCode: '237',
  mobileMoneyNetworks: ['MTN', 'ORANGE'],
};

export function renderBilling({
  path = '/subscription',
  language = 'en',
  username = 'amina',
  payments = SANDBOX,
  queryClient,
}: {
  path?: string;
  language?: Language;
  username?: string | null;
  payments?: PaymentsRuntimeConfig;
  queryClient?: QueryClient;
} = {}) {
  const rendered = renderRemote(<App />, {
    path,
    language,
    appInfo: { payments },
    session: username ? { username, signOut: () => undefined } : null,
    queryClient,
  });
  return { queryClient: rendered.queryClient };
}
