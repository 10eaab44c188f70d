// Read aloud, in the actions under an assistant reply: the reply is turned into speech (POST /api/voice/speak) and
// played; a second press stops it, whether it is still being prepared or already playing. On Basic, a long
// reply first says what it costs of the month's voice (read-aloud-cost.ts) and waits for Read aloud or Cancel.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, useDataSaver, useErrorText, useT, useToast } from '@kasa/ui';
import { ApiError, SUBSCRIPTION_STATUS_QUERY_KEY, useSubscriptionStatus } from '@kasa/api-client';
import { speak } from '../shared/media-api';
import { messages } from '../messages';
import { safeMediaUrl } from '../shared/safe-url';
import { canPlayOggOpus } from '../shared/media/media-variant';
import { speechTextOf } from './speech-text';
import { formatVoiceTime, readAloudCost, type ReadAloudCost } from './read-aloud-cost';
import { IconButton } from '../shared/ui/IconButton';
import { Spinner } from '../shared/ui/Spinner';
import { SpeakerIcon, StopSquareIcon } from './actions/action-icons';

export function ReadAloud({ text }: { text: string }) {
  const t = useT(messages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const dataSaver = useDataSaver();
  const queryClient = useQueryClient();
  const status = useSubscriptionStatus();
  const [state, setState] = useState<'idle' | 'preparing' | 'playing'>('idle');
  // The cost shown while the user decides (Basic, a long reply); null when no question is open.
  const [asking, setAsking] = useState<ReadAloudCost | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  // Focus comes back here when the question closes (its buttons go with it).
  const toggle = useRef<HTMLButtonElement>(null);
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

  const press = () => {
    if (state !== 'idle') return stop();
    if (asking) return setAsking(null);
    const speech = speechTextOf(text);
    const cost = readAloudCost(status.data, speech);
    if (cost) setAsking(cost);
    else void start(speech);
  };

  const start = async (speech: string) => {
    setAsking(null);
    const mine = ++attempt.current;
    setState('preparing');
    let src: string | null;
    try {
      const format = dataSaver.on && canPlayOggOpus() ? 'opus' : 'mp3';
      src = safeMediaUrl((await speak(speech, format)).audioUrl);
      // Voice seconds were counted: on Basic the next estimate must know what is left (Pro never asks).
      if (status.data?.plan === 'BASIC_PLAN')
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, exact: true });
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
    <>
      <IconButton
        ref={toggle}
        label={
          state === 'idle' ? t('readAloud') : state === 'preparing' ? t('preparingSpeech') : t('stopReading')
        }
        aria-expanded={asking ? true : undefined}
        onClick={press}
      >
        {state === 'idle' ? (
          <SpeakerIcon />
        ) : state === 'preparing' ? (
          <Spinner size={16} />
        ) : (
          <StopSquareIcon />
        )}
      </IconButton>
      {asking && (
        <ReadAloudQuestion
          cost={asking}
          onRead={(speech) => {
            toggle.current?.focus();
            void start(speech);
          }}
          onCancel={() => {
            toggle.current?.focus();
            setAsking(null);
          }}
          speech={speechTextOf(text)}
        />
      )}
    </>
  );
}

/**
 * The cost of a long reply and the choice: Read aloud / Cancel, or, with too little left, Read the
 * beginning (what fits) / Cancel. Under the reply's actions (last in their wrapping row), focused
 * on its first button; Escape cancels.
 */
function ReadAloudQuestion({
  cost,
  speech,
  onRead,
  onCancel,
}: {
  cost: ReadAloudCost;
  speech: string;
  onRead: (speech: string) => void;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const figures = {
    cost: formatVoiceTime(cost.seconds),
    quota: formatVoiceTime(cost.quota),
    left: formatVoiceTime(cost.left),
  };
  return (
    <Box
      role="group"
      aria-label={t('readAloudCostLabel')}
      data-testid="read-aloud-cost"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      sx={{ order: 1, flexBasis: '100%', pl: 1, py: 0.5, color: 'text.primary' }}
    >
      <Box component="p" sx={{ m: 0, mb: 0.5, fontSize: '0.9rem' }}>
        {t(cost.beginning === null ? 'readAloudCost' : 'readAloudCostOver', figures)}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          ref={first}
          variant="contained"
          size="small"
          sx={{ minHeight: 44 }}
          onClick={() => onRead(cost.beginning ?? speech)}
        >
          {cost.beginning === null ? t('readAloudConfirm') : t('readAloudBeginning', { left: figures.left })}
        </Button>
        <Button color="inherit" size="small" sx={{ minHeight: 44 }} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Box>
    </Box>
  );
}
