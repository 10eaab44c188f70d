// Text to Speech: a text, Generate, the speech below with Play and Download (the default voice, mp3).
// The text and the speech join the open conversation, or start one from a new chat
// (new-chat-conversation.ts).
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { SPEECH_TEXT_MAX_LENGTH } from '@kasa/contracts';
import { Box, Button, useT } from '@kasa/ui';
import { MessageAudio } from '../shared/media/MessageMedia';
import { speak, type SpeechResult } from '../shared/media-api';
import { messages } from '../messages';
import { useOnline } from '../shared/hooks/useOnline';
import { useActionFeedback } from './useActionFeedback';
import { resultTarget } from './new-chat-conversation';
import { actionButton, fieldLabel, textArea } from '../shared/ui/form-styles';

export function TextToSpeechAction({ conversationId }: { conversationId: string | null }) {
  const t = useT(messages);
  const feedback = useActionFeedback();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SpeechResult | null>(null);
  // Read-aloud is wanted now, not later: offline it is not queued but disabled.
  const online = useOnline();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const spoken = text.trim();
    if (!spoken || busy) return;
    setBusy(true);
    const target = resultTarget(conversationId);
    try {
      setResult(await speak(spoken, 'mp3', target));
      feedback.succeeded(t('speechGenerated'));
      feedback.refreshConversation(target);
    } catch (error) {
      feedback.failed(t('speechFailed'), error, t('failedToGenerateSpeech'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} data-testid="text-to-speech-action">
      <Box component="label" htmlFor={fieldId} sx={fieldLabel}>
        {t('speechText')}
      </Box>
      <Box
        component="textarea"
        id={fieldId}
        value={text}
        maxLength={SPEECH_TEXT_MAX_LENGTH}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}
        sx={textArea}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !text.trim() || !online}
        title={online ? undefined : t('needsConnection')}
        sx={{ ...actionButton, mt: 1 }}
      >
        {busy ? t('generating') : t('generate')}
      </Button>
      {!online && (
        <Box role="status" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('needsConnection')}
        </Box>
      )}
      {result && <MessageAudio url={result.audioUrl} />}
    </Box>
  );
}
