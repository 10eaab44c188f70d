import type { PaymentsRuntimeConfig, RuntimeConfig } from '@kasa/contracts';
import type { AppConfig } from '../config';

function paymentsOf(config: AppConfig): PaymentsRuntimeConfig {
  const { card, mobileMoney } = config.payments;
  return {
    card: card.engine,
    ...(card.engine === 'stripe' ? { stripePublishableKey: card.publishableKey } : {}),
    mobileMoney: mobileMoney.engine,
  };
}

/** What the shell needs before it mounts anything: names, where each remote lives, payment engines. */
export function runtimeConfigOf(config: AppConfig): RuntimeConfig {
  return {
    appName: config.appName,
    assistantName: config.assistantName,
    remotes: config.remoteUrls,
    payments: paymentsOf(config),
  };
}
