import type { ReactNode } from 'react';
import { StrokeIcon } from '@kasa/ui';

/**
 * The landing's feature icons, drawn as inline SVG (StrokeIcon): emoji showed as empty boxes on
 * phones without an emoji font. Decorative only, the feature's title says what it is.
 */
function Icon({ children }: { children: ReactNode }) {
  return (
    <StrokeIcon size={28} strokeWidth={1.8}>
      {children}
    </StrokeIcon>
  );
}

/** A speech bubble. */
export const ConversationsIcon = () => (
  <Icon>
    <path d="M5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4 4v-4h-.5A1.5 1.5 0 0 1 4 14.5v-9A1.5 1.5 0 0 1 5.5 4z" />
    <path d="M8 9h8M8 12h5" />
  </Icon>
);

/** A globe: equator and a meridian. */
export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3z" />
  </Icon>
);

/** A mobile phone (mobile money). */
export const PhoneIcon = () => (
  <Icon>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);
