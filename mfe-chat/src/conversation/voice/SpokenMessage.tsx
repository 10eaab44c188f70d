// A spoken user message (docs/product.md#voice): its recording (Play), its text (the transcription,
// or the user's correction of it) and the language heard. While the turn is sent, before the server
// says what it heard, it reads "Voice message" and plays the recording from this device.
import { Box, useT } from '@kasa/ui';
import { CHAT_ROOT_PARENT_ID, type ChatMessage, type SpeechLanguageCode } from '@kasa/contracts';
import type { VoiceTurnDraft } from '../../voice/voice-turn';
import { Spinner } from '../../shared/ui/Spinner';
import { spokenMessageMessages } from './spoken-message-messages';
import { playableAudioUrl } from './spoken';
import { TranscriptionLanguageChip } from './TranscriptionLanguageChip';

export interface SpokenMessageProps {
  message: ChatMessage;
  /** Still being transcribed (the live turn before its ids event). */
  transcribing?: boolean;
  /** The saved conversation's actions may run (a reply is not being written, nothing waits). */
  busy?: boolean;
  /**
   * Sends a spoken turn (ChatSender.sendVoice through the screen); with it, the language chip
   * transcribes the stored recording again in another language. Unset: the chip only names it.
   */
  onSendVoice?: (draft: VoiceTurnDraft) => boolean;
}

export function SpokenMessage({
  message,
  transcribing = false,
  busy = false,
  onSendVoice,
}: SpokenMessageProps) {
  const t = useT(spokenMessageMessages);
  const src = playableAudioUrl(message.audioUrl);
  const recordingId = message.recordingId;
  // An edit of this message: a new branch from its parent (the old version stays behind the arrows).
  const transcribeAgain =
    onSendVoice && recordingId
      ? (language: SpeechLanguageCode) =>
          void onSendVoice({
            recordingId,
            language,
            parentMessageId: message.parentId ?? CHAT_ROOT_PARENT_ID,
          })
      : undefined;
  return (
    <>
      {message.content ? (
        <Box
          component="p"
          data-testid="message-transcription"
          sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {message.content}
        </Box>
      ) : (
        <Box
          component="p"
          data-testid="message-voice-pending"
          sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <span>{t('voiceMessage')}</span>
          {transcribing && (
            <Box
              component="span"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                fontSize: '0.85rem',
                color: 'text.secondary',
              }}
            >
              <Spinner size={12} />
              {t('transcribing')}
            </Box>
          )}
        </Box>
      )}
      {(src || message.transcriptionLanguage) && (
        <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {src && (
            <Box data-testid="message-voice" sx={{ maxWidth: '100%' }}>
              {/* preload="none": nothing is downloaded until Play (mobile data costs money; data saver or not). */}
              <Box
                component="audio"
                controls
                preload="none"
                src={src}
                aria-label={t('recording')}
                sx={{ display: 'block', height: 40, maxWidth: '100%' }}
              />
            </Box>
          )}
          {message.transcriptionLanguage && (
            <TranscriptionLanguageChip
              language={message.transcriptionLanguage}
              disabled={busy}
              onChoose={transcribeAgain}
            />
          )}
        </Box>
      )}
    </>
  );
}
