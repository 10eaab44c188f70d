import { Link } from 'react-router';
import type { SharedConversation } from '@kasa/contracts';
import { Box, Button, formatLongDate, useAppInfo, useLanguage, useSessionControls, useT } from '@kasa/ui';
import { CopyLinkButton } from './CopyLinkButton';
import { SharedMessageItem } from './SharedMessageItem';
import { sharedMessages } from './messages';

/** A shared conversation, read-only: title, who shared it (only when they chose to) and when, the messages. */
export function SharedConversationView({
  shareId,
  conversation,
}: {
  shareId: string;
  conversation: SharedConversation;
}) {
  const t = useT(sharedMessages);
  const { language } = useLanguage();
  const date = formatLongDate(conversation.createdAt, language);
  const { author } = conversation;
  return (
    <Box component="article" aria-labelledby="shared-title">
      <Box
        component="p"
        data-testid="shared-label"
        sx={{ m: 0, fontSize: '0.8rem', fontWeight: 800, letterSpacing: 0.5, color: 'text.secondary' }}
      >
        {t('sharedLabel')}
      </Box>
      <Box
        component="h1"
        id="shared-title"
        sx={{ m: 0, mt: 0.5, fontSize: '1.6rem', fontWeight: 800, overflowWrap: 'anywhere' }}
      >
        {conversation.title}
      </Box>
      <Box component="p" data-testid="shared-meta" sx={{ mt: 0.5, mb: 1.5, color: 'text.secondary' }}>
        {author ? t('sharedByOn', { author, date }) : t('sharedOn', { date })}
      </Box>
      <CopyLinkButton shareId={shareId} />
      {conversation.messages.length === 0 ? (
        <Box component="p" sx={{ my: 3, color: 'text.secondary' }}>
          {t('noMessages')}
        </Box>
      ) : (
        <Box
          component="ol"
          aria-label={t('messagesLabel')}
          data-testid="shared-messages"
          sx={{ listStyle: 'none', p: 0, my: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {conversation.messages.map((message, index) => (
            // A snapshot never changes: the position is the message's identity.
            <SharedMessageItem key={index} message={message} author={author} />
          ))}
        </Box>
      )}
      <TryTheApp />
    </Box>
  );
}

/** The way in for a visitor: sign-up at /. A signed-in reader gets back to their own chat instead. */
function TryTheApp() {
  const t = useT(sharedMessages);
  const { appName, assistantName } = useAppInfo();
  const signedIn = useSessionControls() !== null;
  return (
    <Box
      component="section"
      aria-labelledby="shared-cta-title"
      data-testid="shared-cta"
      sx={{
        p: 2,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box component="h2" id="shared-cta-title" sx={{ m: 0, mb: 0.5, fontSize: '1.15rem', fontWeight: 700 }}>
        {t('ctaTitle', { assistantName })}
      </Box>
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {t('ctaText')}
      </Box>
      <Button
        component={Link}
        to={signedIn ? '/chat' : '/'}
        variant="contained"
        color="primary"
        data-testid="shared-try-app"
      >
        {signedIn ? t('openApp', { appName }) : t('tryApp', { appName })}
      </Button>
    </Box>
  );
}
