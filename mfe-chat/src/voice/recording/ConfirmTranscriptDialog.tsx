// "Confirm what I said" (docs/product.md#voice): what the recognizer heard, editable, with the
// recording to play back; Send answers the corrected text, Cancel discards the voice message.
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, type VoiceTranscript } from '@kasa/contracts';
import { Box, Button, useT } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import type { VoiceRecording } from '../voice-turn';
import { recordingMessages } from './recording-messages';

export interface ConfirmTranscriptDialogProps {
  transcript: VoiceTranscript;
  recording: VoiceRecording;
  onSend: (text: string) => void;
  onCancel: () => void;
}

/** The recording as a local object URL (no download), freed when the dialog closes. */
function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

export function ConfirmTranscriptDialog({
  transcript,
  recording,
  onSend,
  onCancel,
}: ConfirmTranscriptDialogProps) {
  const t = useT(recordingMessages);
  const [text, setText] = useState(transcript.transcription);
  const textId = useId();
  const localUrl = useObjectUrl(recording.audio);
  const canSend = text.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend(text.trim());
  };
  return (
    <DialogFrame open onClose={onCancel} title={t('confirmTitle')} testId="voice-confirm-dialog">
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="audio"
          controls
          preload="metadata"
          src={localUrl ?? transcript.audioUrl}
          aria-label={t('yourRecording')}
          data-testid="voice-confirm-audio"
          sx={{ width: '100%' }}
        />
        <Box component="label" htmlFor={textId} sx={{ fontWeight: 700 }}>
          {t('confirmText')}
        </Box>
        <Box
          component="textarea"
          id={textId}
          value={text}
          rows={4}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          lang={transcript.language}
          autoFocus
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}
          data-testid="voice-confirm-text"
          sx={{
            width: '100%',
            boxSizing: 'border-box',
            p: 1,
            font: 'inherit',
            fontSize: '1rem',
            lineHeight: 1.5,
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: '2px solid',
            borderColor: 'divider',
            borderRadius: 2,
            resize: 'vertical',
            '&:focus': { outline: 'none', borderColor: 'text.primary' },
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="inherit"
            onClick={onCancel}
            data-testid="voice-confirm-cancel"
            sx={{ minHeight: 44 }}
          >
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            data-testid="voice-confirm-send"
            sx={{ minHeight: 44 }}
          >
            {t('send')}
          </Button>
        </Box>
      </Box>
    </DialogFrame>
  );
}
