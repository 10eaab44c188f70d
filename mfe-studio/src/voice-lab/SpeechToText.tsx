import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AUDIO_UPLOAD_MAX_BYTES, type TranscriptionResult } from '@kasa/contracts';
import {
  Box,
  Button,
  Section,
  WAV_SAMPLE_RATE,
  startWavRecording,
  useErrorText,
  useT,
  useToast,
  type WavRecording,
} from '@kasa/ui';
import { isUsageLimit } from '../shared/failure';
import { voiceMessages } from './messages';
import { TranscriptionCard } from './TranscriptionCard';
import { transcribe } from './voice-lab-api';

/** The audio to transcribe: a recording or a chosen file. */
interface ChosenAudio {
  audio: Blob;
  fileName: string;
  /** What the screen says about it. */
  label: string;
}

const WAV_HEADER_BYTES = 44;
const WAV_BYTES_PER_SECOND = WAV_SAMPLE_RATE * 2;

/** Speech to text: record (WAV, 16 kHz mono) or upload audio, Transcribe, and the transcription. */
export function SpeechToText() {
  const t = useT(voiceMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const recording = useRef<WavRecording | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'starting' | 'recording' | 'stopping'>('idle');
  const [chosen, setChosen] = useState<ChosenAudio | null>(null);
  const [result, setResult] = useState<TranscriptionResult | null>(null);

  // Leaving the tab mid-recording releases the microphone.
  useEffect(() => () => recording.current?.cancel(), []);

  const recordingFailed = () =>
    toast({ title: t('recordingFailed'), description: t('recordingFailedText'), variant: 'destructive' });

  const startRecording = async () => {
    setState('starting');
    try {
      recording.current = await startWavRecording();
      setState('recording');
    } catch {
      setState('idle');
      recordingFailed();
    }
  };

  const stopRecording = async () => {
    const current = recording.current;
    recording.current = null;
    if (!current) return;
    setState('stopping');
    try {
      const audio = await current.stop();
      const seconds = Math.max(0, audio.size - WAV_HEADER_BYTES) / WAV_BYTES_PER_SECOND;
      setChosen({
        audio,
        fileName: 'recording.wav',
        label: t('chosenRecording', { seconds: seconds.toFixed(1) }),
      });
    } catch {
      recordingFailed();
    } finally {
      setState('idle');
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still tells us
    if (!file) return;
    if (!file.type.startsWith('audio/')) {
      toast({ title: t('invalidFile'), description: t('invalidFileText'), variant: 'destructive' });
      return;
    }
    if (file.size > AUDIO_UPLOAD_MAX_BYTES) {
      toast({
        title: t('fileTooLarge'),
        description: t('fileTooLargeText', { size: AUDIO_UPLOAD_MAX_BYTES / 1024 / 1024 }),
        variant: 'destructive',
      });
      return;
    }
    setChosen({ audio: file, fileName: file.name, label: t('chosenFile', { name: file.name }) });
  };

  const transcription = useMutation({
    mutationFn: transcribe,
    onSuccess: (transcribed) => {
      setResult(transcribed);
      toast({
        title: t('transcribed'),
        description: t('transcribedLanguage', { language: transcribed.language }),
      });
    },
    onError: (error) => {
      if (isUsageLimit(error)) return;
      toast({
        title: t('transcriptionFailed'),
        description: errorText(error, t('transcriptionFailedText')),
        variant: 'destructive',
      });
    },
  });

  const busy = state !== 'idle' || transcription.isPending;
  return (
    <>
      <Section variant="panel" title={t('sttTitle')} testId="stt">
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', mb: 1.5 }}>
          {state === 'recording' || state === 'stopping' ? (
            <Button
              variant="contained"
              color="error"
              data-testid="stt-stop"
              disabled={state === 'stopping'}
              onClick={() => void stopRecording()}
              sx={{ minHeight: 48 }}
            >
              {t('stopRecording')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              data-testid="stt-record"
              disabled={busy}
              onClick={() => void startRecording()}
              sx={{ minHeight: 48 }}
            >
              {t('startRecording')}
            </Button>
          )}
          <Button
            variant="outlined"
            data-testid="stt-upload"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
            sx={{ minHeight: 48 }}
          >
            {t('uploadAudio')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="audio/*"
            hidden
            data-testid="stt-file"
            aria-label={t('uploadAudio')}
            onChange={chooseFile}
          />
        </Box>
        <Box
          component="p"
          role="status"
          data-testid="stt-chosen"
          sx={{ mt: 0, color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {state === 'recording' ? t('recordingNow') : (chosen?.label ?? t('noAudio'))}
        </Box>
        <Button
          variant="contained"
          fullWidth
          data-testid="stt-transcribe"
          disabled={!chosen || busy}
          onClick={() => chosen && transcription.mutate({ audio: chosen.audio, fileName: chosen.fileName })}
          sx={{ minHeight: 48 }}
        >
          {transcription.isPending ? t('transcribing') : t('transcribe')}
        </Button>
      </Section>
      {result && <TranscriptionCard result={result} />}
    </>
  );
}
