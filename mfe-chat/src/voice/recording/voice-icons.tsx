// The voice buttons' stroke icons (decorative: the buttons carrying them have a label).
import { StrokeIcon } from '@kasa/ui';

export const MicIcon = () => (
  <StrokeIcon size={22}>
    <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
  </StrokeIcon>
);

/** Sound waves: a spoken conversation. */
export const VoiceModeIcon = () => (
  <StrokeIcon size={22}>
    <path d="M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4" />
  </StrokeIcon>
);
