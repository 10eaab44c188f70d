import { useEffect, useRef, useState } from 'react';
import { Button, useT, useToast } from '@kasa/ui';
import { sharedMessages } from './messages';

/** Play / Pause of a stored audio file (a signed link), with 'Playback failed' when it cannot play. */
export function AudioPlayButton({ url, testId }: { url: string; testId: string }) {
  const t = useT(sharedMessages);
  const { toast } = useToast();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  // A new result starts paused.
  useEffect(() => setPlaying(false), [url]);

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      element.pause();
      return;
    }
    try {
      await element.play();
      setPlaying(true);
    } catch {
      setPlaying(false);
      toast({ title: t('playbackFailed'), description: t('playbackFailedText'), variant: 'destructive' });
    }
  };

  return (
    <>
      <audio
        ref={audio}
        src={url}
        preload="none"
        data-testid={`${testId}-audio`}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <Button variant="contained" data-testid={testId} onClick={() => void toggle()} sx={{ minHeight: 44 }}>
        {playing ? t('pause') : t('play')}
      </Button>
    </>
  );
}
