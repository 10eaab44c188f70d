// The result of a transcription (Voice Record and Upload Audio share it): the language, the text,
// Play and Download.
import { Box, useT } from '@kasa/ui';
import { MessageAudio } from '../shared/media/MessageMedia';
import type { TranscriptionResult } from '../shared/media-api';
import { messages } from '../messages';

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
