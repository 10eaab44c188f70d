import type { ReactNode } from 'react';

/**
 * The frame of Kasa's line icons: a 24-unit SVG drawn with strokes in the text colour, so icons
 * are a few hundred bytes of paths (no icon package, no emoji font needed) and follow the theme.
 * Decorative: the control or title beside it says what it means.
 */
export function StrokeIcon({
  children,
  size = 22,
  strokeWidth = 2,
}: {
  children: ReactNode;
  size?: number;
  strokeWidth?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
