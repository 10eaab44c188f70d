import { useT } from './i18n';
import { uiMessages } from './messages';
import { useSessionControls } from './session-controls';
import { StrokeIcon } from './StrokeIcon';
import { textButtonClass } from './text-button';

/**
 * Logout in the bars (the page frame's header, the chat's top bar), when a session is there to end.
 * Under 380 px it shows a door icon and its word is only its accessible name (static.css,
 * `.kasa-narrow-only` and `.kasa-wide-label`): French 'Déconnexion' beside the other controls does
 * not fit a 320 px phone.
 */
export function LogoutButton() {
  const t = useT(uiMessages);
  const session = useSessionControls();
  if (!session) return null;
  return (
    <button
      type="button"
      data-testid="logout-button"
      className={`${textButtonClass({})} kasa-text-button-narrow`}
      onClick={() => void session.signOut()}
    >
      <span className="kasa-narrow-only">
        <StrokeIcon>
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </StrokeIcon>
      </span>
      <span className="kasa-wide-label">{t('logout')}</span>
    </button>
  );
}
