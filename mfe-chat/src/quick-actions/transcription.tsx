// Sending audio for transcription (Voice Record and Upload Audio share it) and showing the result:
// the language, the text, Play and Download.
import { useCallback, useState } from 'react';
import { Box, useT } from '@kasa/ui';
import { MessageAudio } from '../conversation/MessageMedia';
import { transcribe, type TranscriptionResult } from '../media-api';
import { messages } from '../messages';
import { useActionFeedback } from './feedback';

export function useTranscription(conversationId: string | null) {
  const t = useT(messages);
  const feedback = useActionFeedback(conversationId);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TranscriptionResult | null>(null);

  const run = useCallback(
    async (audio: Blob, fileName: string) => {
      setBusy(true);
      try {
        const answer = await transcribe(audio, fileName, conversationId);
        setResult(answer);
        feedback.succeeded(t('audioTranscribed'), t('languageLabel', { language: answer.language }));
        feedback.refreshConversation();
      } catch (error) {
        feedback.failed(t('transcriptionFailed'), error, t('failedToTranscribe'));
      } finally {
        setBusy(false);
      }
    },
    [conversationId, feedback, t],
  );

  return { busy, result, run };
}

export function TranscriptionView({ result }: { result: TranscriptionResult }) {
  const t = useT(messages);
  return (
    <Box sx={{ mt: 2 }} data-testid="transcription-result">
      <Box sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
        {t('languageLabel', { language: result.language })}
      </Box>
      <MessageAudio url={result.audioUrl} transcription={result.transcription} />
    </Box>
  );
}
