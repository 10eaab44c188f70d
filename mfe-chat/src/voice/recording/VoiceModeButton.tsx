// Opens voice mode (docs/product.md#voice), a full-screen spoken conversation that loads on tap.
import { useT } from '@kasa/ui';
import { IconButton } from '../../shared/ui/IconButton';
import { micMessages } from './mic-messages';
import { VoiceModeIcon } from './voice-icons';

export function VoiceModeButton({ onPress }: { onPress: () => void }) {
  const t = useT(micMessages);
  return (
    <IconButton
      type="button"
      label={t('voiceMode')}
      data-testid="composer-voice-mode"
      onClick={onPress}
      shape="round"
    >
      <VoiceModeIcon />
    </IconButton>
  );
}
