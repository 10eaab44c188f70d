import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import { Box, Button, HeaderBar, LegalFooter, useErrorText, useT } from '@kasa/ui';
import { ShareNotFound } from './ShareNotFound';
import { SharedConversationView } from './SharedConversationView';
import { fetchSharedConversation, sharedConversationQueryKey } from './shared-conversation-api';
import { sharedMessages } from './messages';
import { useSharedPageHead } from './useSharedPageHead';

/** The page's width: a column of text that stays readable on a desktop. */
export const SHARED_PAGE_MAX_WIDTH = 760;

/**
 * /s/{id}: a read-only conversation someone shared, the same page for every visitor, signed in or
 * not (rendered by the shell: no remote, no chat code). Its own lazy chunk of the shell.
 */
export default function SharedConversationPage() {
  const { shareId = '' } = useParams();
  const t = useT(sharedMessages);
  const query = useQuery({
    queryKey: sharedConversationQueryKey(shareId),
    queryFn: ({ signal }) => fetchSharedConversation(shareId, signal),
  });
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const errorText = useErrorText(query.error ?? undefined);
  useSharedPageHead(query.data?.title ?? (notFound ? t('notFoundTitle') : undefined));

  let content: ReactNode;
  if (query.data) {
    content = <SharedConversationView shareId={shareId} conversation={query.data} />;
  } else if (notFound) {
    content = <ShareNotFound error={query.error} />;
  } else if (query.isError) {
    content = (
      <Box role="alert" data-testid="shared-load-error" sx={{ py: 2 }}>
        <Box component="p" sx={{ mt: 0, fontWeight: 700 }}>
          {t('loadFailed')}
        </Box>
        <Box component="p">{errorText(query.error)}</Box>
        <Button
          variant="outlined"
          color="inherit"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('tryAgain')}
        </Button>
      </Box>
    );
  } else {
    content = (
      <Box component="p" role="status" sx={{ color: 'text.secondary' }}>
        {t('loading')}
      </Box>
    );
  }

  return (
    <Box
      data-testid="shared-conversation-page"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <HeaderBar maxWidth={SHARED_PAGE_MAX_WIDTH} />
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: SHARED_PAGE_MAX_WIDTH, mx: 'auto', px: 2, py: 2 }}
      >
        {content}
      </Box>
      <LegalFooter />
    </Box>
  );
}
