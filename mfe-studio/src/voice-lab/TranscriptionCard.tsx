import type { TranscriptionResult } from '@kasa/contracts';
import { Badge, Box, Button, Section, useT } from '@kasa/ui';
import { AudioPlayButton } from '../shared/AudioPlayButton';
import { sharedMessages } from '../shared/messages';
import { useDownload } from '../shared/useDownload';
import { voiceMessages } from './messages';

/** A transcription: its language, the duration to one decimal, the text, Play and Download. */
export function TranscriptionCard({ result }: { result: TranscriptionResult }) {
  const t = useT(voiceMessages);
  const ts = useT(sharedMessages);
  const { download, downloading } = useDownload();
  return (
    <Section variant="panel" title={t('transcriptionTitle')} testId="stt-result">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Badge variant="outline" testId="stt-result-language">
          {t('language')}: {result.language}
        </Badge>
        <Badge variant="outline" testId="stt-result-duration">
          {t('duration')}: {t('seconds', { seconds: result.duration.toFixed(1) })}
        </Badge>
      </Box>
      <Box
        component="p"
        data-testid="stt-result-text"
        sx={{ mt: 0, mb: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {result.transcription}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <AudioPlayButton url={result.audioUrl} testId="stt-play" />
        <Button
          variant="outlined"
          data-testid="stt-download"
          disabled={downloading}
          onClick={() => void download(result.audioUrl, 'kasa-recording')}
          sx={{ minHeight: 44 }}
        >
          {ts('download')}
        </Button>
      </Box>
    </Section>
  );
}
