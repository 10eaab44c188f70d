// Small building blocks of the chat screen. No MUI component beyond Box / Button / ButtonBase (the
// shared @kasa/ui copies): any other MUI component would bundle MUI's styling core and default
// theme into this remote (~25 KB gz) for what a few lines of sx do.
import { forwardRef, type ReactNode } from 'react';
import type { ButtonBaseProps } from '@mui/material/ButtonBase';
import { keyframes } from '@emotion/react';
import { Box, ButtonBase, StrokeIcon } from '@kasa/ui';

/** Hidden on screen, read by screen readers. */
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

/** A 44 × 44 px icon button (touch target) with an accessible name. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  Omit<ButtonBaseProps, 'children'> & { label: string; children: ReactNode }
>(function IconButton({ label, children, sx, ...rest }, ref) {
  return (
    <ButtonBase
      ref={ref}
      aria-label={label}
      title={label}
      {...rest}
      sx={[
        {
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 1,
          color: 'inherit',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: -2 },
          '&.Mui-disabled': { opacity: 0.4 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </ButtonBase>
  );
});

function Svg({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return <StrokeIcon size={size}>{children}</StrokeIcon>;
}

export const MenuIcon = () => (
  <Svg>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const BackIcon = () => (
  <Svg>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg size={20}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const SendIcon = () => (
  <Svg>
    <path d="M5 12h13M12 5l7 7-7 7" />
  </Svg>
);
export const StopIcon = () => (
  <svg width={14} height={14} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
    <rect width="14" height="14" rx="2" fill="currentColor" />
  </svg>
);
export const PencilIcon = () => (
  <Svg size={18}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
  </Svg>
);
export const TrashIcon = () => (
  <Svg size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);

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
