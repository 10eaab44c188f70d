import type { ReactNode } from 'react';
import { AppInfoProvider, type AppInfo } from './app-info';
import { ThemeModeProvider, type ThemeMode } from './theme';
import { ToastProvider, Toaster } from './toast';

/**
 * Everything UI-wide in one provider: product names, theme (colour / mono) and the single
 * toaster. The shell renders it once; a remote renders it only when it runs standalone.
 */
export function KasaUiProvider({
  appInfo = {},
  initialThemeMode,
  children,
}: {
  appInfo?: Partial<AppInfo>;
  initialThemeMode?: ThemeMode;
  children: ReactNode;
}) {
  return (
    <AppInfoProvider value={appInfo}>
      <ThemeModeProvider initialMode={initialThemeMode}>
        <ToastProvider>
          {children}
          <Toaster />
        </ToastProvider>
      </ThemeModeProvider>
    </AppInfoProvider>
  );
}
