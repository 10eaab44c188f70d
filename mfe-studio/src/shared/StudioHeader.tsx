import { Box, PageLink, useT } from '@kasa/ui';
import { messages } from '../messages';

/**
 * The studio's own header line: back to Chat, and Get Pro (the subscription page). 'Chat' keeps
 * the product's historical path /simple-chat, which the shell's route table sends to / (the chat).
 */
export function StudioHeader() {
  const t = useT(messages);
  return (
    <Box
      data-testid="studio-header"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mb: 1 }}
    >
      <PageLink to="/simple-chat" testId="studio-chat-link">
        {t('chat')}
      </PageLink>
      <PageLink to="/subscription" testId="studio-get-pro">
        {t('getPro')}
      </PageLink>
    </Box>
  );
}
