// Top bar (docs/product.md#chat-screen): sidebar toggle, back (history back, else /), the brand every
// screen's header starts with (from 600 px: a phone's bar keeps its room for the username), the username or
// 'USER', the open conversation's Share and Export (./ConversationActions.tsx), 'Get Pro' (→ /subscription)
// and Logout (when a session is there to end). The areas' links are the sidebar's MainNav.
import { memo, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '@kasa/api-client';
import { BrandHomeLink, LogoutButton, textButtonClass, useSessionControls, useT } from '@kasa/ui';
import { messages } from '../messages';
import { BackIcon, MenuIcon } from '../shared/ui/icons';
import { IconButton } from '../shared/ui/IconButton';
import { ConversationActions } from './ConversationActions';

/** True when the browser history has an earlier entry of this app (react-router keeps its index). */
function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export interface TopBarProps {
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  toggleRef?: Ref<HTMLButtonElement>;
  /** The open conversation, when it has messages to share or export (null: none). */
  shareableConversationId?: string | null;
}

/** Memoized: a streaming reply re-renders the screen every frame, not this. */
export const TopBar = memo(function TopBar({
  sidebarOpen,
  sidebarId,
  onToggleSidebar,
  toggleRef,
  shareableConversationId,
}: TopBarProps) {
  const t = useT(messages);
  const navigate = useNavigate();
  const session = useSessionControls();
  const currentUser = useCurrentUser();
  const username = currentUser.data?.username ?? session?.username;

  return (
    // Static classes (libs/ui/src/static.css): the chat's first render inserts no CSS for its frame.
    <header className="kasa-chat-topbar">
      <IconButton
        ref={toggleRef}
        label={sidebarOpen ? t('closeSidebar') : t('openSidebar')}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        data-testid="sidebar-toggle"
        onClick={onToggleSidebar}
      >
        <MenuIcon />
      </IconButton>
      <IconButton
        label={t('back')}
        data-testid="back-button"
        onClick={() => (hasInAppHistory() ? navigate(-1) : navigate('/'))}
      >
        <BackIcon />
      </IconButton>
      <BrandHomeLink className="kasa-chat-brand" />
      <div
        data-testid="chat-username"
        title={username ? t('signedInAs', { username }) : undefined}
        className="kasa-chat-username"
      >
        {username || t('user')}
      </div>
      {shareableConversationId && <ConversationActions conversationId={shareableConversationId} />}
      <Link
        to="/subscription"
        data-testid="get-pro"
        className={`${textButtonClass({ variant: 'outlined' })} kasa-text-button-narrow`}
      >
        {/* Under 380 px 'Pro' alone (static.css, .kasa-narrow-only): the full words stay its name. */}
        <span className="kasa-narrow-only" aria-hidden="true">
          {t('getProShort')}
        </span>
        <span className="kasa-wide-label">{t('getPro')}</span>
      </Link>
      <LogoutButton />
    </header>
  );
});
