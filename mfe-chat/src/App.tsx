import { Box, PageFrame, Section, useAppInfo } from '@kasa/ui';

/** The chat area (/ and /chat). Conversations, the input bar and streaming arrive in later issues. */
export default function ChatApp() {
  const { assistantName } = useAppInfo();
  return (
    <PageFrame title="Chat" testId="chat-page">
      <Box
        component="section"
        data-testid="chat-welcome"
        sx={{ p: 2.5, mb: 2, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Box component="h2" sx={{ m: 0, mb: 1, fontSize: '1.3rem', fontWeight: 800 }}>
          Hello, I&apos;m {assistantName}, your AI assistant
        </Box>
        <Box component="p" sx={{ m: 0 }}>
          I help farmers and everyone else with crops, livestock, weather, markets and everyday questions, in
          your language.
        </Box>
      </Box>
      <Section title="No conversations yet" testId="chat-empty">
        Your saved conversations will be listed here. Sending messages is not connected yet.
      </Section>
    </PageFrame>
  );
}
