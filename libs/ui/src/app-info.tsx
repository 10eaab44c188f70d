import { createContext, useContext, type ReactNode } from 'react';

/** Product and assistant names (APP_NAME / ASSISTANT_NAME via /runtime-config.json). */
export interface AppInfo {
  appName: string;
  assistantName: string;
}

export const DEFAULT_APP_INFO: AppInfo = { appName: 'Kasa', assistantName: 'Kasa' };

const AppInfoContext = createContext<AppInfo>(DEFAULT_APP_INFO);

export function AppInfoProvider({ value, children }: { value: Partial<AppInfo>; children: ReactNode }) {
  const merged: AppInfo = {
    appName: value.appName || DEFAULT_APP_INFO.appName,
    assistantName: value.assistantName || value.appName || DEFAULT_APP_INFO.assistantName,
  };
  return <AppInfoContext.Provider value={merged}>{children}</AppInfoContext.Provider>;
}

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}
