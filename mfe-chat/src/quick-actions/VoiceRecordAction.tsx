// Voice Record: Start Recording asks for the microphone; Stop Recording sends the WAV for
// transcription. Leaving the action mid-recording drops the recording and frees the microphone.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, useT, useToast } from '@kasa/ui';
import { messages } from '../messages';
import { recorder, type WavRecording } from './recorder';
import { actionButton } from '../shared/ui/form-styles';
import { TranscriptionView } from './TranscriptionView';
import { useTranscription } from './useTranscription';
import { WaitingRequests } from './WaitingRequests';

export function VoiceRecordAction({ conversationId }: { conversationId: string | null }) {
  const t = useT(messages);
  const { toast } = useToast();
  const transcription = useTranscription(conversationId);
  const [phase, setPhase] = useState<'idle' | 'starting' | 'recording'>('idle');
  const recording = useRef<WavRecording | null>(null);

  useEffect(
    () => () => {
      recording.current?.cancel();
      recording.current = null;
    },
    [],
  );

  const recordingFailed = () =>
    toast({
      title: t('recordingFailed'),
      description: t('couldNotAccessMicrophone'),
      variant: 'destructive',
    });

  const start = async () => {
    setPhase('starting');
    try {
      recording.current = await recorder.start();
      setPhase('recording');
    } catch {
      setPhase('idle');
      recordingFailed();
    }
  };

  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setPhase('idle');
    if (!current) return;
    let wav: Blob;
    try {
      wav = await current.stop();
    } catch {
      recordingFailed();
      return;
    }
    await transcription.run(wav, 'recording.wav');
  };

  return (
    <Box data-testid="voice-record-action">
      {phase === 'recording' ? (
        <Button variant="contained" color="error" sx={actionButton} onClick={() => void stop()}>
          {t('stopRecording')}
        </Button>
      ) : (
        <Button
          variant="contained"
          sx={actionButton}
          disabled={phase === 'starting' || transcription.busy}
          onClick={() => void start()}
        >
          {t('startRecording')}
        </Button>
      )}
      <Box role="status" sx={{ mt: 1, minHeight: '1.5em', color: 'text.secondary' }}>
        {phase === 'recording' ? t('recordingNow') : transcription.busy ? t('transcribing') : ''}
      </Box>
      {transcription.result && <TranscriptionView result={transcription.result} />}
      <WaitingRequests items={transcription.waiting} onCancel={transcription.cancel} />
    </Box>
  );
}
