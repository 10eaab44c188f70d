// Upload Audio: pick an audio file; it is sent for transcription at once. Anything that is not
// audio is refused here, before it costs any data.
import { useId, type ChangeEvent } from 'react';
import { Box, useT, useToast } from '@kasa/ui';
import { messages } from '../messages';
import { actionButton } from '../shared/ui/form-styles';
import { TranscriptionView } from './TranscriptionView';
import { useTranscription } from './useTranscription';
import { WaitingRequests } from './WaitingRequests';

export function UploadAudioAction({ conversationId }: { conversationId: string | null }) {
  const t = useT(messages);
  const { toast } = useToast();
  const transcription = useTranscription(conversationId);
  const inputId = useId();

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('audio/')) {
      toast({ title: t('invalidFile'), description: t('selectAudioFile'), variant: 'destructive' });
      return;
    }
    void transcription.run(file, file.name);
  };

  return (
    <Box data-testid="upload-audio-action">
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          ...actionButton,
          display: 'inline-flex',
          alignItems: 'center',
          border: '2px solid',
          borderColor: 'divider',
          borderRadius: 1,
          cursor: 'pointer',
          fontWeight: 700,
          '&:focus-within': { outline: '2px solid', outlineColor: 'text.primary' },
        }}
      >
        {t('chooseAudio')}
        <Box
          component="input"
          id={inputId}
          type="file"
          accept="audio/*"
          disabled={transcription.busy}
          onChange={picked}
          sx={{ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' }}
        />
      </Box>
      <Box role="status" sx={{ mt: 1, minHeight: '1.5em', color: 'text.secondary' }}>
        {transcription.busy ? t('transcribing') : ''}
      </Box>
      {transcription.result && <TranscriptionView result={transcription.result} />}
      <WaitingRequests items={transcription.waiting} onCancel={transcription.cancel} />
    </Box>
  );
}
