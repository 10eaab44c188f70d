import { createContext, useContext, type ReactNode } from 'react';
import {
  DEFAULT_MOBILE_MONEY_COUNTRY_CODE,
  ROUTED_MOBILE_MONEY_NETWORKS,
  type FeaturesRuntimeConfig,
  type PaymentsRuntimeConfig,
  type SupportContacts,
} from '@kasa/contracts';

/**
 * Product and assistant names (APP_NAME / ASSISTANT_NAME) and the payment engines in use, all
 * from /runtime-config.json: the shell reads it once, the remotes read it here.
 */
export interface AppInfo {
  appName: string;
  assistantName: string;
  payments: PaymentsRuntimeConfig;
  /** The optional features this server can run (docs/product.md#features-this-server-cannot-run). */
  features: FeaturesRuntimeConfig;
  /** The operator's support contacts (SupportContacts.tsx); empty when none is configured. */
  support: SupportContacts;
}

/** Without a configuration (a remote run standalone) payments go through the local sandbox. */
export const DEFAULT_PAYMENTS: PaymentsRuntimeConfig = {
  card: 'sandbox',
  mobileMoney: 'sandbox',
  mobileMoneyCountryCode: DEFAULT_MOBILE_MONEY_COUNTRY_CODE,
  mobileMoneyNetworks: [...ROUTED_MOBILE_MONEY_NETWORKS],
};

/**
 * Without a configuration (a remote run standalone, an older server) an optional feature is
 * offered, and its dialog says so if the server answers that it cannot run it.
 */
export const DEFAULT_FEATURES: FeaturesRuntimeConfig = { cloudStorage: true };

export const DEFAULT_APP_INFO: AppInfo = {
  appName: 'Kasa',
  assistantName: 'Kasa',
  payments: DEFAULT_PAYMENTS,
  features: DEFAULT_FEATURES,
  support: {},
};

const AppInfoContext = createContext<AppInfo>(DEFAULT_APP_INFO);

export function AppInfoProvider({ value, children }: { value: Partial<AppInfo>; children: ReactNode }) {
  const merged: AppInfo = {
    appName: value.appName || DEFAULT_APP_INFO.appName,
    assistantName: value.assistantName || value.appName || DEFAULT_APP_INFO.assistantName,
    payments: value.payments ?? DEFAULT_PAYMENTS,
    features: { ...DEFAULT_FEATURES, ...value.features },
    support: value.support ?? {},
  };
  return <AppInfoContext.Provider value={merged}>{children}</AppInfoContext.Provider>;
}

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}
