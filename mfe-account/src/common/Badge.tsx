import type { ReactNode } from 'react';
import { Box } from '@kasa/ui';

export type BadgeVariant = 'default' | 'secondary' | 'destructive';

const COLORS: Record<BadgeVariant, { bgcolor: string; color: string }> = {
  default: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  secondary: { bgcolor: 'action.selected', color: 'text.primary' },
  destructive: { bgcolor: 'error.main', color: 'error.contrastText' },
};

/** A small rounded label (the plan, a meter's state). */
export function Badge({
  variant = 'default',
  testId,
  children,
}: {
  variant?: BadgeVariant;
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
        fontSize: '0.8rem',
        whiteSpace: 'nowrap',
        ...COLORS[variant],
      }}
    >
      {children}
    </Box>
  );
}
