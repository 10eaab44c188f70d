import type { MediaGenerationResult } from '@kasa/contracts';
import { Badge, Box, Button, Section, useT } from '@kasa/ui';
import { sharedMessages } from '../shared/messages';
import { useDownload } from '../shared/useDownload';
import { mediaMessages } from './messages';

/** The generated image with its model, size and format, the enhanced prompt, Download and Clear. */
export function MediaResult({
  media,
  prompt,
  onClear,
}: {
  media: MediaGenerationResult;
  prompt: string;
  onClear: () => void;
}) {
  const t = useT(mediaMessages);
  const ts = useT(sharedMessages);
  const { download, downloading } = useDownload();
  const revised = media.metadata.revised_prompt?.trim();
  return (
    <Section variant="panel" title={t('resultTitle')} testId="media-result">
      <Box
        component="img"
        src={media.url}
        alt={t('imageAlt', { prompt })}
        data-testid="media-result-image"
        sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, bgcolor: 'action.hover' }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1.5 }}>
        <Badge variant="outline" testId="media-result-model">
          {media.metadata.model}
        </Badge>
        <Badge variant="outline" testId="media-result-size">
          {media.metadata.size}
        </Badge>
        <Badge variant="outline" testId="media-result-format">
          {media.format.toUpperCase()}
        </Badge>
      </Box>
      {revised && (
        <Box data-testid="media-result-revised" sx={{ mb: 1.5 }}>
          <Box component="strong">{t('enhancedPrompt')}</Box>
          <Box component="p" sx={{ m: 0, mt: 0.5, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {revised}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          data-testid="media-download"
          disabled={downloading}
          onClick={() => void download(media.url, 'kasa-image')}
          sx={{ minHeight: 44 }}
        >
          {ts('download')}
        </Button>
        <Button variant="outlined" data-testid="media-clear" onClick={onClear} sx={{ minHeight: 44 }}>
          {ts('clear')}
        </Button>
      </Box>
    </Section>
  );
}
