// One row of the 'Recent' list: open it, rename it in place, or delete it after a confirmation.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_TITLE_MAX_LENGTH } from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import {
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  deleteConversation,
  renameConversation,
  type ConversationSummary,
} from '../shared/chat-api';
import { messages } from '../messages';
import { IconButton } from '../shared/ui/IconButton';
import { PencilIcon, TrashIcon } from '../shared/ui/icons';
import { Spinner } from '../shared/ui/Spinner';
import { smallInput } from './styles';

interface ItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
}

export function ConversationItem({ conversation, active, onSelect, onDeleted }: ItemProps) {
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
      queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY, (list) =>
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
      queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY, (list) =>
        list?.filter((c) => c.id !== conversation.id),
      );
      queryClient.removeQueries({ queryKey: conversationQueryKey(conversation.id), exact: true });
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

  // The rows on static classes (static.css, `.kasa-conversation`): a returning user's sidebar renders
  // dozens on the first screen (docs/architecture.md#runtime-styles).
  return (
    <li className="kasa-conversation" data-active={active || undefined}>
      <button
        type="button"
        className="kasa-conversation-open"
        data-testid="conversation-item"
        aria-current={active ? 'page' : undefined}
        onClick={() => onSelect(conversation.id)}
      >
        <span className="kasa-conversation-title">{conversation.title}</span>
        {conversation.generating && (
          <span className="kasa-conversation-writing">
            <Spinner size={12} />
            <span className="kasa-visually-hidden">({t('writingMarker')})</span>
          </span>
        )}
      </button>
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
    </li>
  );
}
