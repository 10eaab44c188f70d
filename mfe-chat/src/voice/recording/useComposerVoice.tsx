// The composer's voice controls (docs/product.md#voice), for the chat screen to hand the composer
// (composer/Composer.tsx ComposerVoiceSlots): the microphone, "Voice mode", and the recording bar
// that takes the text area's place from the microphone's first tap until the message is sent or
// cancelled. The bar, the recorder and the confirm dialog load on that first tap.
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box } from '@kasa/ui';
import type { VoiceTurnDraft } from '../voice-turn';
import { MicButton } from './MicButton';
import { VoiceModeButton } from './VoiceModeButton';
import type { VoiceRecordingPanelHandle } from './VoiceRecordingPanel';

/** The recording bar's code (a lazy chunk); the screen also fetches it ahead for offline use. */
export const loadVoiceRecordingPanel = () =>
  // Named: the screen fetches it ahead for offline use (screen/useOfflineVoicePrefetch.ts).
  import(/* webpackChunkName: "offline-voice-recording" */ './VoiceRecordingPanel');
const VoiceRecordingPanel = lazy(loadVoiceRecordingPanel);

export interface ComposerVoice {
  mic: ReactNode;
  modeButton?: ReactNode;
  bar: ReactNode | null;
}

/** Both callbacks must be stable: the result changes only when the bar opens, closes or starts recording. */
export function useComposerVoice(
  onSendVoice: (draft: VoiceTurnDraft) => boolean,
  onOpenVoiceMode?: () => void,
): ComposerVoice {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const panel = useRef<VoiceRecordingPanelHandle>(null);
  const micRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    // Focus was on the bar's own buttons, about to go: the microphone keeps it in the input bar.
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.closest('[data-testid="voice-recording-bar"]'))
      micRef.current?.focus({ preventScroll: true });
    setOpen(false);
    setActive(false);
  }, []);
  const pressMic = useCallback(() => {
    if (open) panel.current?.stopAndSend();
    else setOpen(true);
  }, [open]);
  return useMemo(
    () => ({
      mic: <MicButton ref={micRef} active={active} onPress={pressMic} />,
      modeButton: onOpenVoiceMode ? <VoiceModeButton onPress={onOpenVoiceMode} /> : undefined,
      bar: open ? (
        <Suspense fallback={<Box sx={{ flex: 1, minHeight: 44 }} />}>
          <VoiceRecordingPanel
            ref={panel}
            onSendVoice={onSendVoice}
            onClose={close}
            onActiveChange={setActive}
          />
        </Suspense>
      ) : null,
    }),
    [active, pressMic, onOpenVoiceMode, open, onSendVoice, close],
  );
}
