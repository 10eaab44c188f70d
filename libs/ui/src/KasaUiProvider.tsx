import { useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { createKasaEmotionCache } from './emotion-cache';
import { AppInfoProvider, type AppInfo } from './app-info';
import { LanguageProvider, type Language } from './i18n';
import { ThemeModeProvider, type ThemeMode } from './theme';
import { ToastProvider, Toaster } from './toast';

/**
 * Everything UI-wide in one provider: the emotion cache (./emotion-cache.ts), product names, UI
 * language, theme (colour / mono) and the single toaster. The shell renders it once; a remote renders it only when it runs standalone.
 */
export function KasaUiProvider({
  appInfo = {},
  initialThemeMode,
  initialLanguage,
  children,
}: {
  appInfo?: Partial<AppInfo>;
  initialThemeMode?: ThemeMode;
  initialLanguage?: Language;
  children: ReactNode;
}) {
  const [emotionCache] = useState(createKasaEmotionCache);
  return (
    <CacheProvider value={emotionCache}>
      <AppInfoProvider value={appInfo}>
        <LanguageProvider initialLanguage={initialLanguage}>
          <ThemeModeProvider initialMode={initialThemeMode}>
            <ToastProvider>
              {children}
              <Toaster />
            </ToastProvider>
          </ThemeModeProvider>
        </LanguageProvider>
      </AppInfoProvider>
    </CacheProvider>
  );
}
