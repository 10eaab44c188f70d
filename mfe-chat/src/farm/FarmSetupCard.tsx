// The invitation to describe the farm, on a new chat's welcome panel until the farm has a place
// or the user says Not now (remembered on this device).
import { textButtonClass, useAppInfo, useT } from '@kasa/ui';
import { farmSetupMessages } from './setup-messages';

/** Set once Not now is chosen: the card does not come back on this device. */
export const FARM_SETUP_DISMISSED_KEY = 'kasa-farm-setup-dismissed';
/** Account → My farm (mfe-account's `farm` tab). */
export const MY_FARM_PATH = '/account?tab=farm';

const SET_UP_CLASS = textButtonClass({ size: 'medium', variant: 'contained' });
const NOT_NOW_CLASS = textButtonClass({ size: 'medium' });

export function setupDismissed(): boolean {
  try {
    return localStorage.getItem(FARM_SETUP_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function FarmSetupCard({ onDismiss }: { onDismiss: () => void }) {
  const t = useT(farmSetupMessages);
  const { assistantName } = useAppInfo();
  const dismiss = () => {
    try {
      localStorage.setItem(FARM_SETUP_DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable (private mode): hidden for this page only.
    }
    onDismiss();
  };
  return (
    <section className="kasa-farm-card" data-testid="farm-setup-card">
      <h3 className="kasa-farm-title">{t('setupTitle', { assistantName })}</h3>
      <p className="kasa-farm-text">{t('setupText', { assistantName })}</p>
      <div className="kasa-farm-actions">
        <a className={SET_UP_CLASS} href={MY_FARM_PATH}>
          {t('setupAction')}
        </a>
        <button type="button" className={NOT_NOW_CLASS} onClick={dismiss}>
          {t('notNow')}
        </button>
      </div>
    </section>
  );
}
