// A voice message from the composer, from the first tap of the microphone to the send
// (docs/product.md#voice), loaded on that tap. It checks first that the recording can be
// transcribed here, records, and hands the recording to the send machine (onSendVoice: the
// outbox, so offline it waits); with "Confirm what I said" on, it first has the recording
// transcribed alone and shows the text for correction. The microphone is freed whatever happens.
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiError } from '@kasa/api-client';
import type { SpeechLanguageHint, VoiceTranscript } from '@kasa/contracts';
import { useAppInfo, useErrorText, useLanguage, useT, useToast } from '@kasa/ui';
import { readVoicePreferences, useVoicePreferences } from '@kasa/ui/voice-preferences';
import { newKey } from '../../offline/outbox';
import type { VoiceRecording, VoiceTurnDraft } from '../voice-turn';
import { ConfirmTranscriptDialog } from './ConfirmTranscriptDialog';
import { confirmVoiceTurn } from './confirm-voice-turn';
import { micMessages } from './mic-messages';
import { MicrophoneError, startRecording, type RecorderHandle } from './recorder';
import { RecordingBar, type RecordingBarStatus } from './RecordingBar';
import { recordingMessages } from './recording-messages';
import { useVoiceCapabilities } from './useVoiceCapabilities';
import { voiceBlock } from './voice-blocked';

export interface VoiceRecordingPanelHandle {
  /** The microphone tapped again: stop and send (a recording waiting to be sent: send it). */
  stopAndSend: () => void;
}

export interface VoiceRecordingPanelProps {
  /** The send machine (ChatSender.sendVoice through the chat screen); false: not taken now. */
  onSendVoice: (draft: VoiceTurnDraft) => boolean;
  /** The panel is done (sent, cancelled or failed): the text area comes back. */
  onClose: () => void;
  /** Whether a recording is going or waiting to be sent (the microphone then reads "Stop and send"). */
  onActiveChange: (active: boolean) => void;
  ref?: Ref<VoiceRecordingPanelHandle>;
}

/** A finished recording, with the language it was made in and its key for the confirm request. */
interface Held {
  recording: VoiceRecording;
  language: SpeechLanguageHint;
  idempotencyKey: string;
}

type Phase =
  | { name: 'blocked' }
  | { name: 'starting' }
  | { name: 'recording'; recorder: RecorderHandle }
  | { name: 'stopping' }
  | { name: 'held'; held: Held }
  | { name: 'transcribing'; held: Held }
  | { name: 'confirm'; held: Held; transcript: VoiceTranscript };

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export default function VoiceRecordingPanel({
  onSendVoice,
  onClose,
  onActiveChange,
  ref,
}: VoiceRecordingPanelProps) {
  const t = useT(recordingMessages);
  const micText = useT(micMessages);
  const { language } = useLanguage();
  const { appName } = useAppInfo();
  const { toast } = useToast();
  const errorText = useErrorText();
  const { speechLanguage } = useVoicePreferences();
  const block = voiceBlock(useVoiceCapabilities(), speechLanguage, micText, language);
  const [phase, setPhase] = useState<Phase>(() => (block ? { name: 'blocked' } : { name: 'starting' }));
  /** The live recorder, freed on unmount whatever the phase. */
  const live = useRef<RecorderHandle | null>(null);
  const confirmAbort = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  const microphoneFailed = useCallback(
    (error: unknown) => {
      const problem = error instanceof MicrophoneError ? error.problem : 'failed';
      const description =
        problem === 'denied'
          ? t('micDenied', { appName })
          : problem === 'missing'
            ? t('micMissing')
            : problem === 'unsupported'
              ? t('micUnsupported')
              : t('micFailed');
      toast({ title: t('recordingFailed'), description, variant: 'destructive' });
    },
    [t, appName, toast],
  );

  // Opens the microphone once the panel knows the recording can be transcribed.
  const starting = phase.name === 'starting';
  useEffect(() => {
    if (!starting) return;
    let abandoned = false;
    startRecording().then(
      (recorder) => {
        if (abandoned) return recorder.cancel();
        live.current = recorder;
        setPhase({ name: 'recording', recorder });
      },
      (error: unknown) => {
        if (abandoned) return;
        microphoneFailed(error);
        onClose();
      },
    );
    return () => {
      abandoned = true;
    };
  }, [starting, microphoneFailed, onClose]);

  // Blocked, then the chip chose a language that works: back to the composer, the microphone ready.
  useEffect(() => {
    if (phase.name === 'blocked' && !block) onClose();
  }, [phase.name, block, onClose]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      live.current?.cancel();
      live.current = null;
      confirmAbort.current?.abort();
    };
  }, []);

  const active = phase.name === 'recording' || phase.name === 'held';
  useEffect(() => onActiveChange(active), [active, onActiveChange]);

  const deliver = useCallback(
    (draft: VoiceTurnDraft, held: Held, stay: Phase) => {
      if (onSendVoice(draft)) {
        onClose();
        return;
      }
      toast({ title: t('notSent'), description: t('replyPending'), variant: 'destructive' });
      setPhase(stay.name === 'confirm' ? stay : { name: 'held', held });
    },
    [onSendVoice, onClose, toast, t],
  );

  const sendUnconfirmed = useCallback(
    (held: Held) =>
      deliver({ recording: held.recording, language: held.language }, held, { name: 'held', held }),
    [deliver],
  );

  const confirmFirst = useCallback(
    async (held: Held) => {
      setPhase({ name: 'transcribing', held });
      const abort = new AbortController();
      confirmAbort.current = abort;
      try {
        const transcript = await confirmVoiceTurn(
          held.recording,
          held.language,
          held.idempotencyKey,
          abort.signal,
        );
        if (mounted.current) setPhase({ name: 'confirm', held, transcript });
      } catch (error) {
        if (!mounted.current || abort.signal.aborted) return;
        // Over the limit: the app-wide usage-limit message says it (configureApiClient onUsageLimit).
        if (error instanceof ApiError && error.usageLimit) return onClose();
        toast({ title: t('notSent'), description: errorText(error), variant: 'destructive' });
        // The server refused this recording (nothing heard, a language it cannot do): gone. A
        // lost answer or a server briefly down: kept, and Send asks again with the same key.
        if (error instanceof ApiError && error.status < 500) onClose();
        else setPhase({ name: 'held', held });
      } finally {
        if (confirmAbort.current === abort) confirmAbort.current = null;
      }
    },
    [onClose, toast, t, errorText],
  );

  const submit = useCallback(
    (held: Held) => {
      if (!readVoicePreferences().confirmTranscript) return sendUnconfirmed(held);
      if (isOnline()) return void confirmFirst(held);
      // Offline the recording cannot be transcribed now: the outbox sends it as recorded.
      toast({ title: t('offlineUnconfirmedTitle'), description: t('offlineUnconfirmed') });
      sendUnconfirmed(held);
    },
    [sendUnconfirmed, confirmFirst, toast, t],
  );

  const stopAndSend = useCallback(async () => {
    // Not transcribable in the language now chosen: the bar says so; nothing is sent.
    if (block) return;
    if (phase.name === 'held') return submit(phase.held);
    const recorder = live.current;
    if (phase.name !== 'recording' || !recorder) return;
    live.current = null;
    setPhase({ name: 'stopping' });
    let recording: VoiceRecording;
    try {
      recording = await recorder.stop();
    } catch (error) {
      microphoneFailed(error);
      return onClose();
    }
    if (!mounted.current) return;
    if (recording.audio.size === 0) {
      toast({ title: t('notSent'), description: t('emptyRecording'), variant: 'destructive' });
      return onClose();
    }
    // The language chosen now, chip included.
    submit({ recording, language: readVoicePreferences().speechLanguage, idempotencyKey: newKey() });
  }, [phase, block, submit, microphoneFailed, onClose, toast, t]);

  const cancel = useCallback(() => {
    live.current?.cancel();
    live.current = null;
    confirmAbort.current?.abort();
    onClose();
  }, [onClose]);

  const reachedLimit = useCallback(() => {
    toast({ title: t('voiceMessage'), description: t('limitReached') });
    void stopAndSend();
  }, [stopAndSend, toast, t]);

  useImperativeHandle(ref, () => ({ stopAndSend: () => void stopAndSend() }), [stopAndSend]);

  const held = 'held' in phase ? phase.held : null;
  const status: RecordingBarStatus = phase.name === 'confirm' ? 'transcribing' : phase.name;
  return (
    <>
      <RecordingBar
        status={status}
        recorder={phase.name === 'recording' ? phase.recorder : null}
        stillMs={held?.recording.durationMs}
        block={block}
        onCancel={cancel}
        onSend={() => void stopAndSend()}
        onLimit={reachedLimit}
      />
      {phase.name === 'confirm' && (
        <ConfirmTranscriptDialog
          transcript={phase.transcript}
          recording={phase.held.recording}
          onCancel={cancel}
          onSend={(message) =>
            deliver(
              { recordingId: phase.transcript.recordingId, message, language: phase.held.language },
              phase.held,
              phase,
            )
          }
        />
      )}
    </>
  );
}
