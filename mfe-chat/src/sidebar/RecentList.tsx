// The 'Recent' list: the user's conversations, newest first, with loading, failure and empty states.
import { useId, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, useT } from '@kasa/ui';
import { CONVERSATIONS_QUERY_KEY, type ConversationSummary } from '../shared/chat-api';
import { messages } from '../messages';
import { ConversationItem } from './ConversationItem';

export function RecentList({
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
  const list = useQuery<ConversationSummary[]>({ queryKey: CONVERSATIONS_QUERY_KEY });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="kasa-sidebar-heading">
        {t('recent')}
      </h2>
      {list.isPending ? (
        <div role="status" className="kasa-sidebar-note">
          {t('loadingConversations')}
        </div>
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
        <p data-testid="no-conversations" className="kasa-sidebar-note">
          {t('noConversations')}
        </p>
      ) : (
        <ul data-testid="recent-list" className="kasa-plain-list">
          {list.data.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              onSelect={onSelect}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
