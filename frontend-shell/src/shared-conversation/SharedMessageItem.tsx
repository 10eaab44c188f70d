import { lazy, Suspense, type ReactNode } from 'react';
import type { SharedMessage } from '@kasa/contracts';
import { Box, useAppInfo, useT } from '@kasa/ui';
import { safeMediaUrl } from './media-url';
import { sharedMessages } from './messages';

// The markdown renderer (no HTML is ever injected: raw HTML in a reply shows as text) is a chunk
// of its own, fetched when the first reply is on screen; the text shows plain until then.
const Markdown = lazy(() => import('@kasa/ui/markdown'));

function PlainText({ text }: { text: string }) {
  return (
    <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Box>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Box component="p" sx={{ m: 0, mt: 0.75, fontSize: '0.85rem', color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

const STATUS_NOTES = {
  failed: 'replyFailed',
  stopped: 'replyStopped',
  streaming: 'replyUnfinished',
} as const;

/** One message of a shared conversation, read-only: the question as typed, the reply as markdown. */
export function SharedMessageItem({ message, author }: { message: SharedMessage; author: string | null }) {
  const t = useT(sharedMessages);
  const { assistantName } = useAppInfo();
  const user = message.role === 'user';
  const imageUrl = safeMediaUrl(message.imageUrl);
  const audioUrl = safeMediaUrl(message.audioUrl);
  const note = message.status === 'complete' ? null : STATUS_NOTES[message.status];
  return (
    <Box
      component="li"
      data-testid="shared-message"
      data-role={message.role}
      sx={{
        alignSelf: user ? 'flex-end' : 'stretch',
        maxWidth: user ? '88%' : '100%',
        minWidth: 0,
        px: user ? 1.5 : 0,
        py: user ? 1 : 0.5,
        borderRadius: 2,
        bgcolor: user ? 'action.selected' : 'transparent',
        fontSize: '1rem',
        lineHeight: 1.55,
      }}
    >
      <Box
        component="h2"
        sx={{
          m: 0,
          mb: 0.5,
          fontSize: '0.8rem',
          fontWeight: 800,
          letterSpacing: 0.3,
          color: 'text.secondary',
        }}
      >
        {user ? (author ?? t('person')) : assistantName}
        {!user && message.modelName && (
          <Box component="span" data-testid="shared-message-model" sx={{ fontWeight: 500 }}>
            {` · ${message.modelName}`}
          </Box>
        )}
      </Box>
      {message.content &&
        (user ? (
          <PlainText text={message.content} />
        ) : (
          <Suspense fallback={<PlainText text={message.content} />}>
            <Markdown source={message.content} />
          </Suspense>
        ))}
      {imageUrl && (
        <Box
          component="img"
          src={imageUrl}
          alt={t('image')}
          loading="lazy"
          decoding="async"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, mt: 1, borderRadius: 1 }}
        />
      )}
      {audioUrl && (
        <Box
          component="audio"
          controls
          preload="none"
          src={audioUrl}
          aria-label={t('recording')}
          sx={{ display: 'block', width: '100%', maxWidth: 360, mt: 1 }}
        />
      )}
      {message.transcription && (
        <Box sx={{ mt: audioUrl ? 0.5 : 0, fontStyle: audioUrl ? 'italic' : undefined }}>
          <PlainText text={message.transcription} />
        </Box>
      )}
      {message.attachmentNames.length > 0 && (
        <Box
          component="ul"
          aria-label={t('attachments')}
          title={t('attachments')}
          sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {message.attachmentNames.map((name, index) => (
            <Box
              component="li"
              key={`${index}:${name}`}
              data-testid="shared-attachment"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: 36,
                maxWidth: '100%',
                px: 1.25,
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.paper',
                fontSize: '0.9rem',
                overflowWrap: 'anywhere',
              }}
            >
              <span aria-hidden="true">📎&nbsp;</span>
              {name}
            </Box>
          ))}
        </Box>
      )}
      {note && <Note>{t(note)}</Note>}
    </Box>
  );
}
