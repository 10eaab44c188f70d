// Top bar (docs/product.md#chat-screen): sidebar toggle, back (history back, else /), the username or 'USER', 'Get Pro'
// (→ /subscription) and Logout (when a session is there to end).
import { memo, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '@kasa/api-client';
import { Box, Button, uiMessages, useSessionControls, useT } from '@kasa/ui';
import { messages } from '../messages';
import { BackIcon, IconButton, MenuIcon } from '../ui';

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
}

/** Memoized: a streaming reply re-renders the screen every frame, not this. */
export const TopBar = memo(function TopBar({
  sidebarOpen,
  sidebarId,
  onToggleSidebar,
  toggleRef,
}: TopBarProps) {
  const t = useT(messages);
  const ui = useT(uiMessages);
  const navigate = useNavigate();
  const session = useSessionControls();
  const currentUser = useCurrentUser();
  const username = currentUser.data?.username ?? session?.username;

  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        minHeight: 56,
        flexShrink: 0,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
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
      <Box
        data-testid="chat-username"
        title={username ? t('signedInAs', { username }) : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          px: 0.5,
          fontWeight: 700,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {username || t('user')}
      </Box>
      <Button
        component={Link}
        to="/subscription"
        variant="outlined"
        color="inherit"
        size="small"
        data-testid="get-pro"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap', borderColor: 'currentColor', px: 1.25 }}
      >
        {t('getPro')}
      </Button>
      {session && (
        <Button
          data-testid="logout-button"
          color="inherit"
          size="small"
          onClick={() => void session.signOut()}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', px: 1.25 }}
        >
          {ui('logout')}
        </Button>
      )}
    </Box>
  );
});
