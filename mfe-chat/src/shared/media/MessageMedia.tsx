// A message's optional image (with Download) and audio (with its transcription, Play and Download).
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '@kasa/api-client';
import { Box, Button, useAppInfo, useDataSaver, useT, useToast } from '@kasa/ui';
import { messages } from '../../messages';
import { safeMediaUrl } from '../safe-url';
import { isAppFileUrl, withMediaVariant } from './media-variant';

function fileNameOf(url: string, fallback: string): string {
  const last = url.split('?')[0].split('/').pop();
  return last && /\.[a-z0-9]{2,5}$/i.test(last) ? decodeURIComponent(last) : fallback;
}

/**
 * Downloads a file. App files (/api/…) go through the API client (they may need the sign-in);
 * files elsewhere are opened by the browser (its own download or a new tab), never given our token.
 */
function useDownload() {
  const { toast } = useToast();
  const t = useT(messages);
  return async (url: string, fallbackName: string) => {
    const name = fileNameOf(url, fallbackName);
    if (!url.startsWith('/')) {
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.click();
      return;
    }
    try {
      const response = await apiRequest(url, { headers: { Accept: '*/*' } });
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = objectUrl;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    } catch {
      toast({ title: t('downloadFailed'), description: t('couldNotDownload'), variant: 'destructive' });
    }
  };
}

const smallButton = { minHeight: 44, px: 1.5 } as const;

/**
 * A generated image. With the data saver on, Kasa's own images come as a small WebP thumbnail and
 * 'Show original' loads the full one; a download is always the original.
 */
export function MessageImage({ url }: { url: string }) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  const download = useDownload();
  const dataSaver = useDataSaver();
  const [showOriginal, setShowOriginal] = useState(false);
  // The server makes no thumbnail of some images (too many pixels, undecodable): it answers 422,
  // and the figure says so instead of showing a broken image.
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const src = safeMediaUrl(url);
  if (!src) return null;
  const thumbnail = dataSaver.on && !showOriginal && isAppFileUrl(src);
  // 'original' spelled out while the connection sends Save-Data, which alone would get the thumbnail.
  const shown = thumbnail
    ? withMediaVariant(src, 'thumb')
    : dataSaver.on || dataSaver.connectionWants
      ? withMediaVariant(src, 'original')
      : src;
  return (
    <Box component="figure" sx={{ m: 0, mt: 1 }}>
      {!(thumbnail && thumbnailFailed) && (
        <Box
          component="img"
          src={shown}
          alt={t('imageAlt', { assistantName })}
          loading="lazy"
          decoding="async"
          data-testid="message-image"
          data-variant={thumbnail ? 'thumb' : 'original'}
          onError={thumbnail ? () => setThumbnailFailed(true) : undefined}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 420,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        />
      )}
      {thumbnail && (
        <Box component="figcaption" sx={{ fontSize: '0.85rem', color: 'text.secondary', mt: 0.5 }}>
          {t(thumbnailFailed ? 'thumbnailUnavailable' : 'thumbnailNote')}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {thumbnail && (
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            sx={smallButton}
            data-testid="message-image-original"
            onClick={() => setShowOriginal(true)}
          >
            {t('showOriginal')}
          </Button>
        )}
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          sx={smallButton}
          onClick={() => void download(withMediaVariant(src, 'original'), 'image.png')}
        >
          {t('downloadImage')}
        </Button>
      </Box>
    </Box>
  );
}

export function MessageAudio({ url, transcription }: { url: string; transcription?: string | null }) {
  const t = useT(messages);
  const { toast } = useToast();
  const download = useDownload();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const src = safeMediaUrl(url);
  useEffect(() => () => audio.current?.pause(), []);
  if (!src) return null;
  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    try {
      await element.play();
    } catch {
      setPlaying(false);
      toast({ title: t('playbackFailed'), description: t('couldNotPlay'), variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ mt: 1 }} data-testid="message-audio">
      {transcription && (
        <Box sx={{ mb: 1 }}>
          <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
            {t('transcription')}:
          </Box>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {transcription}
          </Box>
        </Box>
      )}
      {/* preload="none": nothing is downloaded until Play (mobile data costs money). */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          sx={smallButton}
          onClick={() => void toggle()}
        >
          {playing ? t('pause') : t('play')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          sx={smallButton}
          onClick={() => void download(src, 'audio.mp3')}
        >
          {t('downloadAudio')}
        </Button>
      </Box>
    </Box>
  );
}
