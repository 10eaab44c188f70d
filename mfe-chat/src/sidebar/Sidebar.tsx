// The sidebar: New chat, search across one's conversations, the 'Recent' list (rename, delete with
// confirmation), links to AI Studio and Account, the theme toggle and the language switch.
import {
  memo,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link } from 'react-router';
import { Box, Button, LanguageSwitch, ThemeToggleButton, useT } from '@kasa/ui';
import { messages } from '../messages';
import { CloseIcon, IconButton, PlusIcon, visuallyHidden } from '../ui';
import { RecentList } from './RecentList';
import { SearchResults } from './SearchResults';
import { smallInput } from './styles';

export { SEARCH_DEBOUNCE_MS } from './SearchResults';

export interface SidebarProps {
  activeId: string | null;
  onNewChat: () => void;
  onSelect: (id: string) => void;
  /** A conversation was deleted (the screen leaves it when it was open). */
  onDeleted: (id: string) => void;
  /** Phones: the drawer's close button. */
  onClose?: () => void;
  closeButtonRef?: Ref<HTMLButtonElement>;
  /** Mount point for the Quick AI Tools entry (a later issue). */
  tools?: ReactNode;
}

/** Memoized: a streaming reply re-renders the screen every frame, not this. */
export const Sidebar = memo(function Sidebar({
  activeId,
  onNewChat,
  onSelect,
  onDeleted,
  onClose,
  closeButtonRef,
  tools,
}: SidebarProps) {
  const t = useT(messages);
  const [query, setQuery] = useState('');
  const recentHeading = useRef<HTMLHeadingElement>(null);
  const trimmed = query.trim();
  const searchId = useId();

  const deleted = (id: string) => {
    onDeleted(id);
    recentHeading.current?.focus();
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1 }}>
        <Button
          variant="contained"
          onClick={onNewChat}
          startIcon={<PlusIcon />}
          data-testid="new-chat"
          sx={{ flex: 1, justifyContent: 'flex-start' }}
        >
          {t('newChat')}
        </Button>
        {onClose && (
          <IconButton ref={closeButtonRef} label={t('closeSidebar')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Box role="search" sx={{ px: 1, pb: 1, display: 'flex', gap: 0.5 }}>
        <Box component="label" htmlFor={searchId} sx={visuallyHidden}>
          {t('searchLabel')}
        </Box>
        <Box
          component="input"
          id={searchId}
          type="search"
          data-testid="chat-search"
          value={query}
          placeholder={t('searchPlaceholder')}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape' && query) {
              event.stopPropagation();
              setQuery('');
            }
          }}
          sx={smallInput}
        />
        {query && (
          <IconButton label={t('clearSearch')} onClick={() => setQuery('')}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      {tools}
      <Box component="nav" aria-label={t('recent')} sx={{ flex: 1, overflowY: 'auto', px: 0.5 }}>
        {trimmed ? (
          <SearchResults query={trimmed} onSelect={onSelect} />
        ) : (
          <RecentList
            activeId={activeId}
            onSelect={onSelect}
            onDeleted={deleted}
            headingRef={recentHeading}
          />
        )}
      </Box>
      <Box
        sx={{
          borderTop: '1px solid',
          borderColor: 'divider',
          p: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
        }}
      >
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button component={Link} to="/ai-studio" variant="outlined" color="inherit" sx={{ flex: 1 }}>
            {t('aiStudio')}
          </Button>
          <Button component={Link} to="/account" variant="outlined" color="inherit" sx={{ flex: 1 }}>
            {t('account')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', justifyContent: 'space-between' }}>
          <ThemeToggleButton />
          <LanguageSwitch />
        </Box>
      </Box>
    </Box>
  );
});
