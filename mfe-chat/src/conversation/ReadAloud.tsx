// Read aloud, in the actions under an assistant reply: the reply is turned into speech (POST /api/voice/speak) and
// played; a second press stops it, whether it is still being prepared or already playing.
import { useEffect, useRef, useState } from 'react';
import { useDataSaver, useErrorText, useT, useToast } from '@kasa/ui';
import { ApiError } from '@kasa/api-client';
import { speak } from '../shared/media-api';
import { messages } from '../messages';
import { safeMediaUrl } from '../shared/safe-url';
import { canPlayOggOpus } from '../shared/media/media-variant';
import { speechTextOf } from './speech-text';
import { IconButton } from '../shared/ui/IconButton';
import { Spinner } from '../shared/ui/Spinner';
import { SpeakerIcon, StopSquareIcon } from './actions/action-icons';

export function ReadAloud({ text }: { text: string }) {
  const t = useT(messages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const dataSaver = useDataSaver();
  const [state, setState] = useState<'idle' | 'preparing' | 'playing'>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  // Bumped by every press: an answer that arrives after a Stop is dropped.
  const attempt = useRef(0);

  useEffect(
    () => () => {
      attempt.current += 1;
      audio.current?.pause();
    },
    [],
  );

  const stop = () => {
    attempt.current += 1;
    audio.current?.pause();
    audio.current = null;
    setState('idle');
  };

  const start = async () => {
    const mine = ++attempt.current;
    setState('preparing');
    let src: string | null;
    try {
      const format = dataSaver.on && canPlayOggOpus() ? 'opus' : 'mp3';
      src = safeMediaUrl((await speak(speechTextOf(text), format)).audioUrl);
      if (!src) throw new Error('unsafe audio link');
    } catch (error) {
      if (mine !== attempt.current) return;
      setState('idle');
      if (!(error instanceof ApiError && error.usageLimit)) {
        toast({
          title: t('speechFailed'),
          description: errorText(error, t('failedToGenerateSpeech')),
          variant: 'destructive',
        });
      }
      return;
    }
    if (mine !== attempt.current) return;
    const element = new Audio(src);
    audio.current = element;
    element.onended = () => {
      if (audio.current === element) stop();
    };
    setState('playing');
    try {
      await element.play();
    } catch {
      if (audio.current !== element) return;
      stop();
      toast({ title: t('playbackFailed'), description: t('couldNotPlay'), variant: 'destructive' });
    }
  };

  return (
    <IconButton
      label={
        state === 'idle' ? t('readAloud') : state === 'preparing' ? t('preparingSpeech') : t('stopReading')
      }
      onClick={() => (state === 'idle' ? void start() : stop())}
    >
      {state === 'idle' ? (
        <SpeakerIcon />
      ) : state === 'preparing' ? (
        <Spinner size={16} />
      ) : (
        <StopSquareIcon />
      )}
    </IconButton>
  );
}
