import { createContext, useContext, type ReactNode } from 'react';
import type { PaymentsRuntimeConfig } from '@kasa/contracts';

/**
 * Product and assistant names (APP_NAME / ASSISTANT_NAME) and the payment engines in use, all
 * from /runtime-config.json: the shell reads it once, the remotes read it here.
 */
export interface AppInfo {
  appName: string;
  assistantName: string;
  payments: PaymentsRuntimeConfig;
}

/** Without a configuration (a remote run standalone) payments go through the local sandbox. */
export const DEFAULT_PAYMENTS: PaymentsRuntimeConfig = { card: 'sandbox', mobileMoney: 'sandbox' };

export const DEFAULT_APP_INFO: AppInfo = {
  appName: 'Kasa',
  assistantName: 'Kasa',
  payments: DEFAULT_PAYMENTS,
};

const AppInfoContext = createContext<AppInfo>(DEFAULT_APP_INFO);

export function AppInfoProvider({ value, children }: { value: Partial<AppInfo>; children: ReactNode }) {
  const merged: AppInfo = {
    appName: value.appName || DEFAULT_APP_INFO.appName,
    assistantName: value.assistantName || value.appName || DEFAULT_APP_INFO.assistantName,
    payments: value.payments ?? DEFAULT_PAYMENTS,
  };
  return <AppInfoContext.Provider value={merged}>{children}</AppInfoContext.Provider>;
}

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}
