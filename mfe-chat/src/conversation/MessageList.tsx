// The conversation: saved messages (memoized rows: a streaming reply re-renders only its own row)
// and the reply being written now.
import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { keyframes } from '@emotion/react';
import { lazyWithPreload } from '@kasa/ui/prefetch';
import { Box, Button, useAppInfo, useErrorText, useT } from '@kasa/ui';
import type { ChatMessage } from '@kasa/contracts';
import { messages } from '../messages';
import { MessageAttachments } from './MessageAttachments';
import { MessageAudio, MessageImage } from '../shared/media/MessageMedia';
import { FollowUps } from './actions/FollowUps';
import { MessageEditor } from './actions/MessageEditor';
import { ReplyActions } from './actions/ReplyActions';
import { UserMessageActions } from './actions/UserMessageActions';
import { VersionSwitcher } from './actions/VersionSwitcher';
import { Spinner } from '../shared/ui/Spinner';
import { visuallyHidden } from '../shared/ui/visually-hidden';
import type { LiveTurn, LiveVoice } from '../sending/useChatSender';
import type { OutboxItem } from '../offline/outbox';
import type { VoiceTurnDraft } from '../voice/voice-turn';
import { isSpokenMessage } from './voice/spoken';

// The markdown renderer (marked + the token renderer) loads when the first reply is on screen, or
// earlier when the screen is idle (screen/idle-prefetch.ts): the first reply then does not wait.
// Preloadable: a reply shown once the renderer is in renders with it at once, instead of React
// holding its plain-text fallback up to 300 ms (lazyWithPreload); a reply being awaited preloads it.
const Markdown = lazyWithPreload(() => import('@kasa/ui/markdown'));
export const loadMarkdown = Markdown.preload;
// A spoken message's player and language menu load with the first one shown: only the composer's
// voice buttons are in /chat's first load (docs/product.md#voice, the page's size budget).
// Named: the screen fetches them ahead for offline use (screen/useOfflineVoicePrefetch.ts).
const loadSpokenMessage = () =>
  import(/* webpackChunkName: "offline-spoken-message" */ './voice/SpokenMessage');
const loadWaitingVoice = () => import(/* webpackChunkName: "offline-waiting-voice" */ './voice/WaitingVoice');
/** The spoken-message chunks, fetched ahead by the screen so they show offline too. */
export const loadVoiceMessageParts = () => Promise.all([loadSpokenMessage(), loadWaitingVoice()]);
const SpokenMessage = lazy(() => loadSpokenMessage().then((module) => ({ default: module.SpokenMessage })));
const WaitingVoice = lazy(() => loadWaitingVoice().then((module) => ({ default: module.WaitingVoice })));

/** Text as it is, while the markdown renderer loads. */
function PlainText({ text }: { text: string }) {
  return (
    <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Box>
  );
}

function ReplyText({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Markdown source={text} />
    </Suspense>
  );
}

const blink = keyframes`50% { opacity: 0; }`;
const bounce = keyframes`0%, 80%, 100% { transform: translateY(0); opacity: 0.4; } 40% { transform: translateY(-4px); opacity: 1; }`;

function Caret() {
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="streaming-caret"
      sx={{
        display: 'inline-block',
        width: '0.5em',
        height: '1.1em',
        ml: 0.25,
        verticalAlign: 'text-bottom',
        bgcolor: 'text.primary',
        opacity: 0.6,
        animation: `${blink} 1s step-end infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

function TypingIndicator() {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  return (
    <Box data-testid="typing-indicator" sx={{ display: 'inline-flex', gap: 0.5, py: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {t('typing', { assistantName })}
      </Box>
      {[0, 1, 2].map((i) => (
        <Box
          key={i}
          component="span"
          aria-hidden="true"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${bounce} 1.2s ease-in-out ${i * 0.15}s infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 },
          }}
        />
      ))}
    </Box>
  );
}

function RoleLabel({ role }: { role: ChatMessage['role'] }) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  return (
    <Box
      component="h2"
      sx={{ m: 0, mb: 0.5, fontSize: '0.8rem', fontWeight: 800, letterSpacing: 0.3, color: 'text.secondary' }}
    >
      {role === 'user' ? t('you') : assistantName}
    </Box>
  );
}

function Bubble({
  role,
  testId,
  children,
  footer,
}: {
  role: ChatMessage['role'];
  testId: string;
  children: ReactNode;
  /** Under the message, outside its bubble (the user's message actions). */
  footer?: ReactNode;
}) {
  const user = role === 'user';
  return (
    <Box
      component="article"
      data-testid={testId}
      data-role={role}
      sx={{
        alignSelf: user ? 'flex-end' : 'stretch',
        maxWidth: user ? '88%' : '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: user ? 'flex-end' : 'stretch',
        fontSize: '1rem',
        lineHeight: 1.55,
      }}
    >
      <Box
        sx={{
          maxWidth: '100%',
          px: user ? 1.5 : 0,
          py: user ? 1 : 0.5,
          borderRadius: 2,
          bgcolor: user ? 'action.selected' : 'transparent',
        }}
      >
        {children}
      </Box>
      {footer}
    </Box>
  );
}

function StatusNote({ children, tone = 'normal' }: { children: ReactNode; tone?: 'normal' | 'error' }) {
  return (
    <Box
      sx={{
        mt: 0.75,
        fontSize: '0.85rem',
        color: tone === 'error' ? 'error.main' : 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      {children}
    </Box>
  );
}

export interface MessageRowProps {
  message: ChatMessage;
  /**
   * The saved conversation it is in: its actions that call the server (versions, feedback,
   * regenerate, edit) show. Unset: a message this page has not saved (no actions but Copy).
   */
  conversationId?: string | null;
  /** A reply is being written, or messages wait to be sent: regenerate, edit and versions wait. */
  busy?: boolean;
  /** Stop a reply the server is still writing (loaded from the server, not sent from this screen). */
  onStopServerReply?: () => void;
  /** Try this failed reply again when it is not saved (a saved one is regenerated: onRegenerate). */
  onRetry?: () => void;
  /** Write a new version of this reply. */
  onRegenerate?: (replyId: string) => void;
  /** Send an edited version of this user message (a new branch); false: not sent, keep editing. */
  onEdit?: (message: ChatMessage, text: string) => boolean;
  /** Share the conversation by link up to this reply (the reply's menu). */
  onShareUpTo?: (replyId: string) => void;
  /** The last finished reply: its follow-up questions show, a tap sends one. */
  onFollowUp?: (question: string) => void;
  /**
   * Sends a spoken turn (the screen's sendVoice): a spoken message's language chip transcribes its
   * recording again in another language with it (an edit of the message).
   */
  onSendVoice?: (draft: VoiceTurnDraft) => boolean;
  /** The live turn's spoken message: still being transcribed, or what was heard. */
  voice?: LiveVoice;
}

/** One saved message. Memoized: it renders again only when this message (or what it may do) changes. */
export const MessageRow = memo(function MessageRow({
  message,
  conversationId,
  busy = false,
  onStopServerReply,
  onRetry,
  onRegenerate,
  onEdit,
  onShareUpTo,
  onFollowUp,
  onSendVoice,
  voice,
}: MessageRowProps) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const user = message.role === 'user';
  const failed = message.status === 'failed';
  const finished = message.status === 'complete' || message.status === 'stopped';
  const saved = Boolean(conversationId) && !message.id.startsWith('local-');
  // A saved reply is tried again as a new version of itself; one the server never named, as the screen says.
  const retry = failed && saved && onRegenerate ? () => onRegenerate(message.id) : onRetry;
  const closeEditor = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const errorText = useErrorText(failed ? message : undefined);
  // Why it failed, in the reader's language when the server named the failure with a code.
  const failure =
    failed && (message.error || message.errorCode)
      ? errorText({ error: message.error, code: message.errorCode })
      : null;
  if (user && editing && conversationId && onEdit) {
    return (
      <MessageEditor
        initial={message.content}
        onCancel={closeEditor}
        onSend={(text) => {
          const sent = onEdit(message, text);
          if (sent) setEditing(false);
          return sent;
        }}
      />
    );
  }
  // The follow-up questions come after the reply, not in it: they are the user's next step.
  const followUps = !user && message.status === 'complete' && saved && onFollowUp && (
    <FollowUps replyId={message.id} onPick={onFollowUp} />
  );
  return (
    <>
      <Bubble
        role={message.role}
        testId="chat-message"
        footer={
          user &&
          saved &&
          conversationId && (
            <UserMessageActions
              ref={editButton}
              message={message}
              conversationId={conversationId}
              busy={busy}
              onEdit={onEdit ? () => setEditing(true) : undefined}
            />
          )
        }
      >
        <RoleLabel role={message.role} />
        {user && (voice || isSpokenMessage(message)) ? (
          <Suspense fallback={<PlainText text={message.content} />}>
            <SpokenMessage
              message={message}
              transcribing={Boolean(voice && !voice.transcription)}
              busy={busy}
              onSendVoice={saved && conversationId ? onSendVoice : undefined}
            />
          </Suspense>
        ) : user ? (
          <PlainText text={message.content} />
        ) : (
          message.content && <ReplyText text={message.content} />
        )}
        {message.attachments && message.attachments.length > 0 && (
          <MessageAttachments attachments={message.attachments} />
        )}
        {message.mediaUrl && message.mediaType === 'image' && <MessageImage url={message.mediaUrl} />}
        {!(voice || isSpokenMessage(message)) && (
          <>
            {message.audioUrl && (
              <MessageAudio url={message.audioUrl} transcription={message.transcription} />
            )}
            {!message.audioUrl && message.transcription && <PlainText text={message.transcription} />}
          </>
        )}
        {message.status === 'streaming' && (
          <StatusNote>
            <Spinner size={14} />
            <span data-testid="still-writing">{t('stillWriting', { assistantName })}</span>
            {onStopServerReply && (
              <Button
                variant="text"
                color="inherit"
                size="small"
                onClick={onStopServerReply}
                aria-label={t('stopReply')}
              >
                {t('stop')}
              </Button>
            )}
          </StatusNote>
        )}
        {message.status === 'stopped' && (
          <StatusNote>
            <span data-testid="stopped-note">{t('stoppedNote')}</span>
          </StatusNote>
        )}
        {failed && (
          <StatusNote tone="error">
            <span data-testid="reply-error">
              {t('sendError')}
              {failure ? ` ${t('errorDetail', { error: failure })}` : ''}
            </span>
            {retry && (
              <Button
                variant="text"
                color="inherit"
                size="small"
                sx={{ minHeight: 44 }}
                disabled={busy}
                onClick={retry}
                data-testid="retry-reply"
              >
                {t('retry')}
              </Button>
            )}
          </StatusNote>
        )}
        {!user && finished && message.content && saved && conversationId && (
          <ReplyActions
            message={message}
            conversationId={conversationId}
            busy={busy}
            onRegenerate={onRegenerate}
            onShareUpTo={onShareUpTo}
          />
        )}
        {!user && !(finished && message.content) && saved && conversationId && (
          <VersionSwitcher message={message} conversationId={conversationId} disabled={busy} />
        )}
      </Bubble>
      {followUps}
    </>
  );
});

/** The server's model answers others first: how many (a polite live region, read once per change). */
function RepliesAhead({ count }: { count: number }) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  return (
    <StatusNote>
      <span data-testid="replies-ahead" role="status">
        {count === 1
          ? t('answeringOneBefore', { assistantName })
          : t('answeringBefore', { assistantName, count })}
      </span>
    </StatusNote>
  );
}

/**
 * The user's message just sent and the reply being written (typing indicator until the first
 * chunk). A regenerated reply streams alone: its question is already shown above it.
 */
export function LiveTurnRows({ turn }: { turn: LiveTurn }) {
  const t = useT(messages);
  // The reply will need the renderer: fetch it while the first words are awaited.
  useEffect(() => void loadMarkdown().catch(() => undefined), []);
  return (
    <>
      {turn.kind === 'send' && <MessageRow message={turn.userMessage} voice={turn.voice} />}
      <Bubble role="assistant" testId="live-reply">
        <RoleLabel role="assistant" />
        {turn.phase === 'waiting' ? (
          <TypingIndicator />
        ) : (
          <>
            <ReplyText text={turn.reply} />
            <Caret />
          </>
        )}
        {turn.phase === 'waiting' && turn.repliesAhead ? <RepliesAhead count={turn.repliesAhead} /> : null}
        {turn.reconnecting && (
          <StatusNote>
            <span data-testid="reconnecting">{t('reconnecting')}</span>
          </StatusNote>
        )}
        {turn.stopping && (
          <StatusNote>
            <span>{t('stopping')}</span>
          </StatusNote>
        )}
      </Bubble>
    </>
  );
}

/** A message waiting in the outbox (offline, or its send failed before the server answered). */
export const WaitingRow = memo(function WaitingRow({
  item,
  onCancel,
}: {
  item: OutboxItem;
  onCancel: (key: string) => void;
}) {
  const t = useT(messages);
  const message: ChatMessage = {
    id: item.key,
    role: 'user',
    content: item.message,
    status: 'complete',
    createdAt: item.createdAt,
  };
  return (
    <Bubble role="user" testId="waiting-message">
      <RoleLabel role="user" />
      {item.voice ? (
        <Suspense fallback={<PlainText text={message.content} />}>
          <WaitingVoice item={item} voice={item.voice} />
        </Suspense>
      ) : (
        <PlainText text={message.content} />
      )}
      <StatusNote>
        <span data-testid="waiting-note">
          {item.parentMessageId !== undefined
            ? `${t('editWaiting')} · ${t('waitingForNetwork')}`
            : t('waitingForNetwork')}
        </span>
        <Button
          variant="text"
          color="inherit"
          size="small"
          onClick={() => onCancel(item.key)}
          aria-label={t('cancelWaitingLabel')}
        >
          {t('cancelWaiting')}
        </Button>
      </StatusNote>
    </Bubble>
  );
});
