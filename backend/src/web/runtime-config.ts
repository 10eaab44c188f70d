import {
  ROUTED_MOBILE_MONEY_NETWORKS,
  type PaymentsRuntimeConfig,
  type RuntimeConfig,
} from '@kasa/contracts';
import type { AppConfig } from '../config';

function paymentsOf(config: AppConfig): PaymentsRuntimeConfig {
  const { card, mobileMoney } = config.payments;
  return {
    card: card.engine,
    ...(card.engine === 'stripe' ? { stripePublishableKey: card.publishableKey } : {}),
    mobileMoney: mobileMoney.engine,
    mobileMoneyCountryCode: config.payments.mobileMoneyCountryCode,
    mobileMoneyNetworks: [...ROUTED_MOBILE_MONEY_NETWORKS],
  };
}

/**
 * What the shell needs before it mounts anything: names, where each remote lives, payment
 * engines, the support contacts.
 */
export function runtimeConfigOf(config: AppConfig): RuntimeConfig {
  return {
    appName: config.appName,
    assistantName: config.assistantName,
    remotes: config.remoteUrls,
    payments: paymentsOf(config),
    features: { cloudStorage: !!config.enhancements.googleDrive },
    support: config.support,
  };
}
