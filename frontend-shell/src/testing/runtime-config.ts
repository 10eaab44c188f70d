import type { RuntimeConfig } from '@kasa/contracts';

/** The runtime configuration of the shell's tests: every remote at its default path, sandbox payments. */
export const RUNTIME_CONFIG: RuntimeConfig = {
  appName: 'Kasa',
  assistantName: 'Kasa',
  remotes: {
    chat: '/remotes/chat/mf-manifest.json',
    studio: '/remotes/studio/mf-manifest.json',
    billing: '/remotes/billing/mf-manifest.json',
    account: '/remotes/account/mf-manifest.json',
  },
  payments: {
    card: 'sandbox',
    mobileMoney: 'sandbox',
    mobileMoneyCountryCode: '237',
    mobileMoneyNetworks: ['MTN', 'ORANGE'],
  },
  features: { cloudStorage: true },
  support: {},
};
