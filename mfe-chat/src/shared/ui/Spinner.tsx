import { keyframes } from '@emotion/react';
import { Box } from '@kasa/ui';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A small spinning ring (decorative: the state is said in words elsewhere). */
export function Spinner({ size = 20 }: { size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="chat-spinner"
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        border: '3px solid',
        borderColor: 'divider',
        borderTopColor: 'text.primary',
        animation: `${spin} 0.9s linear infinite`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
      }}
    />
  );
}
