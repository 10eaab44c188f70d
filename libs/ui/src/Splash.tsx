import { useAppInfo } from './app-info';
import { useT } from './i18n';
import { uiMessages } from './messages';

/**
 * Full-screen splash while the runtime configuration (and, later, the session) loads. On static
 * classes (static.css, `.kasa-splash`): it is the first thing the shell renders, and nothing of it
 * should wait for emotion (docs/architecture.md#runtime-styles).
 */
export function Splash({ appName }: { appName?: string }) {
  const info = useAppInfo();
  const name = appName || info.appName;
  const t = useT(uiMessages);
  return (
    <div data-testid="splash" role="status" aria-live="polite" className="kasa-splash">
      <div aria-hidden className="kasa-splash-dot" />
      <h1 className="kasa-splash-title">{t('initializing', { appName: name })}</h1>
      <p className="kasa-splash-text">{t('settingUp')}</p>
    </div>
  );
}
