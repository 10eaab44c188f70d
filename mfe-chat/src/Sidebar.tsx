// The sidebar: New chat, search across one's conversations, the 'Recent' list (rename, delete with
// confirmation), links to AI Studio and Account, the theme toggle and the language switch.
import {
  memo,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_TITLE_MAX_LENGTH } from '@kasa/contracts';
import {
  Box,
  Button,
  ButtonBase,
  LanguageSwitch,
  ThemeToggleButton,
  useErrorText,
  useT,
  useToast,
} from '@kasa/ui';
import {
  CONVERSATIONS_KEY,
  conversationKey,
  deleteConversation,
  renameConversation,
  searchConversations,
  searchKey,
  type ChatSearchHit,
  type ConversationSummary,
} from './chat-api';
import { useDebouncedValue } from './hooks';
import { messages } from './messages';
import { CloseIcon, IconButton, PencilIcon, PlusIcon, Spinner, TrashIcon, visuallyHidden } from './ui';

/** Search waits for the typing to pause this long, and for at least 2 characters. */
export const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MIN_LENGTH = 2;

const rowButton = {
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  px: 1.5,
  justifyContent: 'flex-start',
  textAlign: 'left',
  borderRadius: 1,
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: -2 },
} as const;

const sectionHeading = {
  m: 0,
  px: 1.5,
  pt: 1.5,
  pb: 0.5,
  fontSize: '0.75rem',
  fontWeight: 800,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: 'text.secondary',
  outline: 'none',
} as const;

const smallInput = {
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  px: 1,
  font: 'inherit',
  fontSize: '1rem',
  border: '2px solid',
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxSizing: 'border-box',
  '&:focus': { outline: 'none', borderColor: 'text.primary' },
} as const;

interface ItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
}

function ConversationItem({ conversation, active, onSelect, onDeleted }: ItemProps) {
  const t = useT(messages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [title, setTitle] = useState(conversation.title);
  const [busy, setBusy] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<'rename' | 'delete' | null>(null);

  useEffect(() => {
    if (mode === 'rename') {
      input.current?.focus();
      input.current?.select();
    }
    if (mode === 'confirm') confirmButton.current?.focus();
    if (mode === 'view' && returnFocus.current) {
      (returnFocus.current === 'rename' ? renameButton : deleteButton).current?.focus();
      returnFocus.current = null;
    }
  }, [mode]);

  const back = (from: 'rename' | 'delete') => {
    returnFocus.current = from;
    setMode('view');
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next || busy) return;
    if (next === conversation.title) return back('rename');
    setBusy(true);
    try {
      await renameConversation(conversation.id, next);
      queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_KEY, (list) =>
        list?.map((c) => (c.id === conversation.id ? { ...c, title: next } : c)),
      );
      back('rename');
    } catch (error) {
      toast({ title: t('renameFailed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteConversation(conversation.id);
      // Leave it first (when it is open), then forget it.
      onDeleted(conversation.id);
      queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_KEY, (list) =>
        list?.filter((c) => c.id !== conversation.id),
      );
      queryClient.removeQueries({ queryKey: conversationKey(conversation.id), exact: true });
    } catch (error) {
      setBusy(false);
      toast({ title: t('deleteFailed'), description: errorText(error), variant: 'destructive' });
    }
  };

  if (mode === 'rename') {
    return (
      <Box component="li" sx={{ px: 1, py: 0.5 }}>
        <Box
          component="form"
          onSubmit={rename}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setTitle(conversation.title);
              back('rename');
            }
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        >
          <Box
            component="input"
            ref={input}
            value={title}
            maxLength={CHAT_TITLE_MAX_LENGTH}
            aria-label={t('newTitle')}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setTitle(event.target.value)}
            sx={{ ...smallInput, flexBasis: '100%' }}
          />
          <Button type="submit" variant="contained" size="small" disabled={busy || !title.trim()}>
            {t('save')}
          </Button>
          <Button
            type="button"
            color="inherit"
            size="small"
            onClick={() => {
              setTitle(conversation.title);
              back('rename');
            }}
          >
            {t('cancel')}
          </Button>
        </Box>
      </Box>
    );
  }

  if (mode === 'confirm') {
    return (
      <Box
        component="li"
        role="group"
        aria-label={t('deleteConversation', { title: conversation.title })}
        sx={{ px: 1.5, py: 1 }}
      >
        <Box component="p" sx={{ m: 0, mb: 0.5, fontSize: '0.9rem' }}>
          {t('confirmDelete', { title: conversation.title })}
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button
            ref={confirmButton}
            variant="contained"
            color="error"
            size="small"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('delete')}
          </Button>
          <Button type="button" color="inherit" size="small" disabled={busy} onClick={() => back('delete')}>
            {t('cancel')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        borderRadius: 1,
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      <ButtonBase
        data-testid="conversation-item"
        aria-current={active ? 'page' : undefined}
        onClick={() => onSelect(conversation.id)}
        sx={{ ...rowButton, fontWeight: active ? 800 : 500 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {conversation.title}
        </Box>
        {conversation.generating && (
          <Box component="span" sx={{ ml: 1, display: 'inline-flex' }}>
            <Spinner size={12} />
            <Box component="span" sx={visuallyHidden}>
              ({t('writingMarker')})
            </Box>
          </Box>
        )}
      </ButtonBase>
      <IconButton
        ref={renameButton}
        label={t('renameConversation', { title: conversation.title })}
        onClick={() => setMode('rename')}
      >
        <PencilIcon />
      </IconButton>
      <IconButton
        ref={deleteButton}
        label={t('deleteConversation', { title: conversation.title })}
        onClick={() => setMode('confirm')}
      >
        <TrashIcon />
      </IconButton>
    </Box>
  );
}

function RecentList({
  activeId,
  onSelect,
  onDeleted,
  headingRef,
}: {
  activeId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const t = useT(messages);
  const headingId = useId();
  const list = useQuery<ConversationSummary[]>({ queryKey: CONVERSATIONS_KEY });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box component="h2" id={headingId} ref={headingRef} tabIndex={-1} sx={sectionHeading}>
        {t('recent')}
      </Box>
      {list.isPending ? (
        <Box role="status" sx={{ px: 1.5, py: 1, color: 'text.secondary' }}>
          {t('loadingConversations')}
        </Box>
      ) : list.isError && !list.data ? (
        <Box role="alert" sx={{ px: 1.5, py: 1 }}>
          <Box component="p" sx={{ m: 0, mb: 0.5 }}>
            {t('conversationsFailed')}
          </Box>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            disabled={list.isFetching}
            onClick={() => void list.refetch()}
          >
            {t('retry')}
          </Button>
        </Box>
      ) : list.data.length === 0 ? (
        <Box
          component="p"
          data-testid="no-conversations"
          sx={{ m: 0, px: 1.5, py: 1, color: 'text.secondary' }}
        >
          {t('noConversations')}
        </Box>
      ) : (
        <Box component="ul" data-testid="recent-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.data.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              onSelect={onSelect}
              onDeleted={onDeleted}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** '…the «maize» calendar…' → text with the matched words marked. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/(«[^«»]*»)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('«') && part.endsWith('»') ? (
          <Box
            key={i}
            component="mark"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 0.25 }}
          >
            {part.slice(1, -1)}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}

function SearchResults({ query, onSelect }: { query: string; onSelect: (id: string) => void }) {
  const t = useT(messages);
  const headingId = useId();
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const ready = debounced.length >= SEARCH_MIN_LENGTH;
  const search = useQuery<ChatSearchHit[]>({
    queryKey: searchKey(debounced),
    queryFn: ({ signal }) => searchConversations(debounced, signal),
    enabled: ready,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const errorText = useErrorText(search.error);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="search-results">
      <Box component="h2" id={headingId} sx={sectionHeading}>
        {t('searchResults')}
      </Box>
      <Box role="status" sx={{ px: 1.5, color: 'text.secondary', fontSize: '0.9rem' }}>
        {!ready || (search.isFetching && !search.data)
          ? query.length >= SEARCH_MIN_LENGTH
            ? t('searching')
            : ''
          : search.isError
            ? `${t('searchFailed')}: ${errorText(search.error)}`
            : search.data?.length === 0
              ? t('noMatches', { query: debounced })
              : ''}
      </Box>
      {ready && search.data && search.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {search.data.map((hit) => (
            <li key={`${hit.conversationId}:${hit.messageId}`}>
              <ButtonBase
                data-testid="search-hit"
                onClick={() => onSelect(hit.conversationId)}
                sx={{ ...rowButton, display: 'block', width: '100%', py: 1 }}
              >
                <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {hit.title}
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.85rem', color: 'text.secondary' }}>
                  <Snippet text={hit.snippet} />
                </Box>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

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
