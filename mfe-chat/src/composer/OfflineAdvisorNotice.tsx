// Above the chat input when no AI model is connected (GET /api/chat/models `offline`): one line
// saying the offline advisor answers from the app's own pages, said once here rather than in every
// reply, until dismissed on this device. An administrator also gets, under Details, the settings
// that connect a model (the server sends their names to administrators only). Static classes
// (libs/ui/src/static.css): it is on the chat's first screen (docs/architecture.md#runtime-styles).
import { useState } from 'react';
import { useAppInfo, useT } from '@kasa/ui';
import { IconButton } from '../shared/ui/IconButton';
import { CloseIcon } from '../shared/ui/icons';
import { offlineAdvisorMessages } from './offline-advisor-messages';
import { useChatModels } from './useChatModels';

/** localStorage key: 'dismissed' once the user closed the notice (docs/product.md#data-kept-in-the-browser). */
export const OFFLINE_NOTICE_STORAGE_KEY = 'kasa-offline-notice';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(OFFLINE_NOTICE_STORAGE_KEY) === 'dismissed';
  } catch {
    return false; // storage blocked (private mode): the notice shows, and closes for this visit
  }
}

export function OfflineAdvisorNotice() {
  const t = useT(offlineAdvisorMessages);
  const { appName } = useAppInfo();
  const offline = useChatModels().data?.offline;
  const [dismissed, setDismissed] = useState(readDismissed);

  if (!offline || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(OFFLINE_NOTICE_STORAGE_KEY, 'dismissed');
    } catch {
      // Not kept: it shows again on the next visit.
    }
  };
  const settings = offline.configure ?? [];
  return (
    <div role="note" data-testid="offline-advisor-notice" className="kasa-offline-notice">
      <div className="kasa-offline-notice-line">
        <span className="kasa-offline-notice-text">{t('notice', { appName })}</span>
        <IconButton
          label={t('dismiss')}
          data-testid="offline-advisor-notice-dismiss"
          className="kasa-offline-notice-dismiss"
          onClick={dismiss}
        >
          <CloseIcon />
        </IconButton>
      </div>
      {settings.length > 0 && (
        <details data-testid="offline-advisor-notice-details" className="kasa-offline-notice-details">
          <summary>{t('details')}</summary>
          <p>{t('connectModel', { appName })}</p>
          <p>
            {settings.map((name) => (
              <code key={name}>{name}</code>
            ))}
          </p>
        </details>
      )}
    </div>
  );
}
