// The sidebar: New chat, search across one's conversations, the 'Recent' list (rename, delete with
// confirmation), the areas' links (the MainNav every other screen has under its header: Chat,
// AI Studio, Subscription, Account), the theme toggle and the language switch.
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
import { LanguageSwitch, MainNav, ThemeToggleButton, textButtonClass, useT } from '@kasa/ui';
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
    // no CSS for the sidebar's frame and buttons.
    <div className="kasa-sidebar">
      <div className="kasa-sidebar-top">
        <button
          type="button"
          onClick={onNewChat}
          data-testid="new-chat"
          className={textButtonClass({ size: 'medium', variant: 'contained' })}
          style={{ flex: 1, justifyContent: 'flex-start' }}
        >
          <span className="kasa-text-button-start-icon">
            <PlusIcon />
          </span>
          {t('newChat')}
        </button>
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
        <MainNav placement="sidebar" />
        <div className="kasa-row kasa-row-between">
          <ThemeToggleButton />
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
});
