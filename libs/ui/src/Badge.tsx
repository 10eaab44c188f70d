import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * primary: a filled label in the brand colour (the current plan); secondary: a quiet filled label;
 * destructive: a filled warning (a meter at its limit); outline: a bordered label for a value that
 * may be long (a model name, a voice, a file format) and wraps instead of overflowing.
 */
export type BadgeVariant = 'primary' | 'secondary' | 'destructive' | 'outline';
/** small: inside dense rows (the account's meters and banner); medium: beside a heading or a result. */
export type BadgeSize = 'small' | 'medium';

const VARIANTS: Record<BadgeVariant, Record<string, string>> = {
  primary: { bgcolor: 'primary.main', color: 'primary.contrastText', whiteSpace: 'nowrap' },
  // The text colour of the surface it sits on: text.primary on a page, white on mono's black banner.
  secondary: { bgcolor: 'action.selected', color: 'inherit', whiteSpace: 'nowrap' },
  destructive: { bgcolor: 'error.main', color: 'error.contrastText', whiteSpace: 'nowrap' },
  outline: {
    border: '1px solid',
    borderColor: 'primary.main',
    color: 'text.primary',
    maxWidth: '100%',
    overflowWrap: 'anywhere',
  },
};

const FONT_SIZES: Record<BadgeSize, string> = { small: '0.8rem', medium: '0.85rem' };

/** A small rounded label (a plan, a meter's state, a result's details). */
export function Badge({
  variant = 'primary',
  size = 'medium',
  testId,
  children,
}: {
  variant?: BadgeVariant;
  size?: BadgeSize;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-variant={variant}
      sx={{
        display: 'inline-block',
        px: 1.25,
        py: 0.25,
        borderRadius: 999,
        fontWeight: 700,
        fontSize: FONT_SIZES[size],
        ...VARIANTS[variant],
      }}
    >
      {children}
    </Box>
  );
}
