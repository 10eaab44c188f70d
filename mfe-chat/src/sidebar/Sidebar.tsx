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
import { Button, LanguageSwitch, ThemeToggleButton, useT } from '@kasa/ui';
import { messages } from '../messages';
import { CloseIcon, PlusIcon } from '../shared/ui/icons';
import { IconButton } from '../shared/ui/IconButton';
import { RecentList } from './RecentList';
import { SearchResults } from './SearchResults';

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
    // Static classes (libs/ui/src/static.css) and inline styles: the chat's first render inserts
    // no CSS for the sidebar's frame.
    <div className="kasa-sidebar">
      <div className="kasa-sidebar-top">
        <Button
          variant="contained"
          onClick={onNewChat}
          startIcon={<PlusIcon />}
          data-testid="new-chat"
          style={{ flex: 1, justifyContent: 'flex-start' }}
        >
          {t('newChat')}
        </Button>
        {onClose && (
          <IconButton ref={closeButtonRef} label={t('closeSidebar')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      <div role="search" className="kasa-sidebar-search">
        <label htmlFor={searchId} className="kasa-visually-hidden">
          {t('searchLabel')}
        </label>
        <input
          className="kasa-small-input"
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
        />
        {query && (
          <IconButton label={t('clearSearch')} onClick={() => setQuery('')}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      {tools}
      <nav aria-label={t('recent')} className="kasa-sidebar-list">
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
      </nav>
      <div className="kasa-sidebar-bottom">
        <div className="kasa-row">
          <Button component={Link} to="/ai-studio" variant="outlined" color="inherit" style={{ flex: 1 }}>
            {t('aiStudio')}
          </Button>
          <Button component={Link} to="/account" variant="outlined" color="inherit" style={{ flex: 1 }}>
            {t('account')}
          </Button>
        </div>
        <div className="kasa-row kasa-row-between">
          <ThemeToggleButton />
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
});
