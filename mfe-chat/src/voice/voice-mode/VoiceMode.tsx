// Voice mode (docs/product.md#voice): a full-screen, hands-free talk with the assistant. Large
// targets for a phone held at arm's length: the centre circle sends now while listening and
// interrupts while speaking; End (or Escape, or Back) closes it. Loaded only when the composer's "Voice
// mode" button is tapped (React.lazy); the loop itself is ./voice-session.ts.
import { useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import Dialog from '@mui/material/Dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, VoiceCapabilities } from '@kasa/contracts';
import { Box, ButtonBase, useBackCloses, useErrorText, useLanguage, useT } from '@kasa/ui';
import { readVoicePreferences, useVoicePreferences } from '@kasa/ui/voice-preferences';
import type { ChatSender, LiveTurn } from '../../sending/chat-sender';
import { conversationQueryKey } from '../../shared/chat-api';
import { useOnline } from '../../shared/hooks/useOnline';
import { plainTextOf } from '../../shared/speech-text';
import { MicrophoneError } from '../recording/recorder';
import { micMessages } from '../recording/mic-messages';
import { speechLanguageName, voiceBlock } from '../recording/voice-blocked';
import { VOICE_CAPABILITIES_QUERY_KEY, VOICE_CAPABILITIES_STALE_MS } from '../recording/useVoiceCapabilities';
import { SpeechPlaybackError } from '../speech/speech-queue';
import { voiceModeMessages, type VoiceModeText } from './voice-mode-messages';
import {
  VoiceSession,
  type VoiceModeProblem,
  type VoiceModeState,
  type VoiceSessionView,
} from './voice-session';

export interface VoiceModeProps {
  sender: ChatSender;
  model?: string;
  onClose(): void;
}

/** The centre target's size (px): far beyond the 64 px minimum, easy to hit without looking. */
const TARGET_SIZE = 168;

/** The End button's red: white text on it passes 4.5:1 in both themes. */
const END_RED = '#b3261e';

const STATE_WORDS: Record<VoiceModeState, VoiceModeText> = {
  listening: 'listening',
  thinking: 'thinking',
  speaking: 'speaking',
  paused: 'paused',
};

const HINTS: Partial<Record<VoiceModeState, VoiceModeText>> = {
  listening: 'listeningHint',
  thinking: 'thinkingHint',
  speaking: 'speakingHint',
};

/** The final reply of a turn as the send machine stored it: in the conversation's cache, or unsaved. */
function useStoredReply(sender: ChatSender) {
  const queryClient = useQueryClient();
  return (turn: LiveTurn): ChatMessage | undefined => {
    // The send machine names a reply it never got an id for after its turn (chat-sender.ts settle).
    const id = turn.assistantMessageId ?? `local-reply-${turn.key}`;
    const cached = turn.conversationId
      ? queryClient.getQueryData<ChatMessage[]>(conversationQueryKey(turn.conversationId))
      : undefined;
    return cached?.find((m) => m.id === id) ?? sender.getSnapshot().unsaved.find((m) => m.id === id);
  };
}

export default function VoiceMode({ sender, model, onClose }: VoiceModeProps) {
  const t = useT(voiceModeMessages);
  const tMic = useT(micMessages);
  const { language } = useLanguage();
  const online = useOnline();
  const { speechLanguage } = useVoicePreferences();
  // The query of recording/useVoiceCapabilities.ts (usually cached by the composer's microphone),
  // read with its status: the microphone is not opened before it is known whether it may be.
  const capabilities = useQuery<VoiceCapabilities>({
    queryKey: VOICE_CAPABILITIES_QUERY_KEY,
    staleTime: VOICE_CAPABILITIES_STALE_MS,
  });
  const block = voiceBlock(capabilities.data, speechLanguage, tMic, language);
  const checking = capabilities.isPending && capabilities.fetchStatus === 'fetching';
  const blocked = !online || block !== null || checking;
  const storedReply = useStoredReply(sender);
  const ring = useRef<HTMLDivElement>(null);
  const latest = useRef({ blocked, storedReply, codeOnScreen: t('codeOnScreen') });
  latest.current = { blocked, storedReply, codeOnScreen: t('codeOnScreen') };
  const [session, setSession] = useState<VoiceSession | null>(null);

  // One session per mount (made in the effect: StrictMode's second mount gets a fresh one).
  useEffect(() => {
    const audio = new Audio();
    const created = new VoiceSession({
      sender,
      ...(model ? { model } : {}),
      language: () => readVoicePreferences().speechLanguage,
      storedReply: (turn) => latest.current.storedReply(turn),
      codeOnScreen: latest.current.codeOnScreen,
      audio,
      onLevel: (level) => {
        // Straight to the style: 50 renders a second would cost a low-end phone its battery.
        if (ring.current) ring.current.style.transform = `scale(${1 + Math.min(level * 4, 0.5)})`;
      },
    });
    created.setBlocked(latest.current.blocked);
    created.start();
    setSession(created);
    return () => {
      created.end();
      audio.removeAttribute('src');
    };
  }, [sender, model]);

  useEffect(() => session?.setBlocked(blocked), [session, blocked]);

  const end = () => {
    session?.end();
    onClose();
  };
  // Back ends it like End, and stays on the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(true, end);

  const headingId = useId();
  const blockText = !online ? t('needsConnection') : block?.text;
  const blockTestId = !online
    ? 'voice-mode-offline'
    : block?.kind === 'language'
      ? 'voice-language-unsupported'
      : 'voice-unavailable';
  return (
    <Dialog
      open
      fullScreen
      onClose={end}
      aria-labelledby={headingId}
      slotProps={{
        paper: {
          'data-testid': 'voice-mode',
          sx: {
            bgcolor: 'background.default',
            color: 'text.primary',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            p: 2,
            pt: 'max(16px, env(safe-area-inset-top))',
            pb: 'max(16px, env(safe-area-inset-bottom))',
            gap: 2,
            overflowY: 'auto',
          },
        } as object,
      }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <Box component="h2" id={headingId} sx={{ m: 0, fontSize: '1.4rem', fontWeight: 800 }}>
          {t('title')}
        </Box>
        <Box data-testid="voice-mode-language" sx={{ mt: 0.5, fontSize: '1rem' }}>
          {t('speakingLanguage', {
            language: speechLanguage === 'auto' ? t('autoLanguage') : speechLanguageName(speechLanguage),
          })}
        </Box>
      </Box>
      {blockText && (
        <Box
          role="alert"
          data-testid={blockTestId}
          sx={{
            p: 1.5,
            border: '2px solid',
            borderColor: 'text.primary',
            borderRadius: 2,
            fontSize: '1.05rem',
          }}
        >
          {blockText}
        </Box>
      )}
      {session ? (
        <SessionView session={session} ring={ring} t={t} />
      ) : (
        <Box data-testid="voice-mode-state" data-state="paused" sx={{ textAlign: 'center' }}>
          {t('paused')}
        </Box>
      )}
      <ButtonBase
        data-testid="voice-mode-end"
        onClick={end}
        sx={{
          minHeight: 64,
          borderRadius: 32,
          bgcolor: END_RED,
          color: '#fff',
          fontSize: '1.25rem',
          fontWeight: 800,
          flexShrink: 0,
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 3 },
        }}
      >
        {t('end')}
      </ButtonBase>
    </Dialog>
  );
}

function SessionView({
  session,
  ring,
  t,
}: {
  session: VoiceSession;
  /** The level ring around the target (moved by the session, outside React). */
  ring: RefObject<HTMLDivElement | null>;
  t: (key: VoiceModeText) => string;
}) {
  const view = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const problemText = useProblemText(view, t);
  const { state } = view;
  const target =
    state === 'listening'
      ? { testId: 'voice-mode-send-now', label: t('sendNow') }
      : state === 'speaking'
        ? { testId: 'voice-mode-interrupt', label: t('interrupt') }
        : state === 'paused' && !view.blocked
          ? { testId: 'voice-mode-retry', label: t('tryAgain') }
          : null;
  const hint = HINTS[state];
  return (
    <>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
          minHeight: TARGET_SIZE + 80,
        }}
      >
        <Box sx={{ position: 'relative', width: TARGET_SIZE, height: TARGET_SIZE, flexShrink: 0 }}>
          <Box
            ref={ring}
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              border: '4px solid',
              borderColor: 'text.primary',
              opacity: state === 'listening' ? 0.35 : 0,
              transition: 'transform 80ms linear',
            }}
          />
          <ButtonBase
            data-testid={target?.testId ?? 'voice-mode-target'}
            aria-label={target?.label ?? t(STATE_WORDS[state])}
            disabled={!target}
            onClick={() => session.tap()}
            sx={{
              position: 'relative',
              width: TARGET_SIZE,
              height: TARGET_SIZE,
              borderRadius: '50%',
              bgcolor: 'text.primary',
              color: 'background.default',
              fontSize: '1.15rem',
              fontWeight: 800,
              px: 2,
              border: '6px solid',
              borderColor: 'text.primary',
              opacity: state === 'thinking' || view.blocked ? 0.6 : 1,
              transition: 'opacity 150ms',
              '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 4 },
            }}
          >
            {target?.label ?? t(STATE_WORDS[state])}
          </ButtonBase>
        </Box>
        <Box
          data-testid="voice-mode-state"
          data-state={state}
          aria-live="polite"
          sx={{ fontSize: '1.5rem', fontWeight: 800, textAlign: 'center' }}
        >
          {t(STATE_WORDS[state])}
        </Box>
        {hint && !view.blocked && <Box sx={{ fontSize: '1rem', textAlign: 'center' }}>{t(hint)}</Box>}
      </Box>
      {problemText && (
        <Box
          role="alert"
          data-testid="voice-mode-error"
          sx={{
            p: 1.5,
            border: '2px solid',
            borderColor: 'text.primary',
            borderRadius: 2,
            fontSize: '1.05rem',
          }}
        >
          {problemText}
        </Box>
      )}
      {view.heard && (
        <Box component="section" aria-label={t('youSaid')}>
          <Box sx={{ fontWeight: 800 }}>{t('youSaid')}</Box>
          <Box component="p" data-testid="voice-mode-heard" sx={{ m: 0, fontSize: '1.1rem' }}>
            {view.heard}
          </Box>
        </Box>
      )}
      {view.reply && (
        <Box component="section" aria-label={t('answer')} sx={{ maxHeight: '35vh', overflowY: 'auto' }}>
          <Box sx={{ fontWeight: 800 }}>{t('answer')}</Box>
          <Box
            data-testid="voice-mode-reply"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '1.1rem' }}
          >
            {plainTextOf(view.reply)}
          </Box>
        </Box>
      )}
    </>
  );
}

/** The last problem in words, in the UI's language. */
function useProblemText(view: VoiceSessionView, t: (key: VoiceModeText) => string): string | null {
  const problem: VoiceModeProblem | null = view.problem;
  const errorText = useErrorText(problem && 'cause' in problem ? problem.cause : undefined);
  if (!problem) return null;
  switch (problem.kind) {
    case 'microphone': {
      const cause = problem.cause;
      if (!(cause instanceof MicrophoneError)) return t('microphoneFailed');
      return t(
        cause.problem === 'denied'
          ? 'microphoneDenied'
          : cause.problem === 'missing'
            ? 'microphoneMissing'
            : cause.problem === 'unsupported'
              ? 'microphoneUnsupported'
              : 'microphoneFailed',
      );
    }
    case 'send':
      return t('notSent');
    case 'reply':
      return errorText(problem.cause, t('replyFailed'));
    case 'speech':
      // A refusal with its own words (the voice-minutes limit, the engine down) says them.
      return problem.cause instanceof SpeechPlaybackError
        ? t('playbackFailed')
        : errorText(problem.cause, t('speechFailed'));
  }
}
