// Small building blocks of the chat screen (shared/ui/). No MUI component beyond Box / Button / ButtonBase (the
// shared @kasa/ui copies): any other MUI component would bundle MUI's styling core and default
// theme into this remote (~25 KB gz) for what a few lines of sx do.
import { forwardRef, type ReactNode } from 'react';
import type { ButtonBaseProps } from '@mui/material/ButtonBase';
import { ButtonBase } from '@kasa/ui';

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
