/** Hidden on screen, read by screen readers (sx). */
export const visuallyHidden = {
  position: 'absolute',
  // Strings: MUI reads a bare 1 as 100%.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
