// The composer's microphone (docs/product.md#voice): tap to record, tap again to stop and send.
// Loaded with the chat screen, so it is only the button: the recorder and the recording bar load
// on the first tap. When the recording cannot be transcribed here (no speech engine, or a
// language the engine does not know), it says why in its tooltip and description, and a tap opens
// the explanation instead of recording (aria-disabled keeps it focusable for that).
import { useId, type Ref } from 'react';
import { Box, useLanguage, useT } from '@kasa/ui';
import { useVoicePreferences } from '@kasa/ui/voice-preferences';
import { IconButton } from '../../shared/ui/IconButton';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { micMessages } from './mic-messages';
import { useVoiceCapabilities } from './useVoiceCapabilities';
import { voiceBlock } from './voice-blocked';
import { MicIcon } from './voice-icons';

export interface MicButtonProps {
  /** A recording is going: the tap stops and sends it. */
  active: boolean;
  onPress: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function MicButton({ active, onPress, ref }: MicButtonProps) {
  const t = useT(micMessages);
  const { language } = useLanguage();
  const { speechLanguage } = useVoicePreferences();
  const block = voiceBlock(useVoiceCapabilities(), speechLanguage, t, language);
  const reasonId = useId();
  const blocked = Boolean(block) && !active;
  const label = active ? t('stopAndSend') : t('recordVoice');
  return (
    <>
      <IconButton
        ref={ref}
        type="button"
        label={label}
        title={blocked ? block?.text : label}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        data-testid="composer-mic"
        data-blocked={blocked || undefined}
        onClick={onPress}
        data-active={active || undefined}
        shape="round"
        className="kasa-mic-button"
      >
        <MicIcon />
      </IconButton>
      {blocked && (
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {block?.text}
        </Box>
      )}
    </>
  );
}
