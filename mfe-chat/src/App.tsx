import { Box, PageFrame, Section, useAppInfo, useT } from '@kasa/ui';
import { messages } from './messages';

/** The chat area (/ and /chat). Conversations, the input bar and streaming arrive in later issues. */
export default function ChatApp() {
  const { assistantName } = useAppInfo();
  const t = useT(messages);
  return (
    <PageFrame title={t('title')} testId="chat-page">
      <Box
        component="section"
        data-testid="chat-welcome"
        sx={{ p: 2.5, mb: 2, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Box component="h2" sx={{ m: 0, mb: 1, fontSize: '1.3rem', fontWeight: 800 }}>
          {t('welcomeTitle', { assistantName })}
        </Box>
        <Box component="p" sx={{ m: 0 }}>
          {t('welcomeText')}
        </Box>
      </Box>
      <Section title={t('emptyTitle')} testId="chat-empty">
        {t('emptyText')}
      </Section>
    </PageFrame>
  );
}
