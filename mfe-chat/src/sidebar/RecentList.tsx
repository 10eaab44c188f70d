// The 'Recent' list: the user's conversations, newest first, with loading, failure and empty states.
import { useId, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, useT } from '@kasa/ui';
import { CONVERSATIONS_QUERY_KEY, type ConversationSummary } from '../shared/chat-api';
import { messages } from '../messages';
import { ConversationItem } from './ConversationItem';
import { sectionHeading } from './styles';

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
