import type { ReactNode } from 'react';
import { Box } from '@kasa/ui';

/** The small rounded label of a plan ('Current Plan', 'Basic Plan'). */
export function Badge({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{
        display: 'inline-block',
        px: 1.25,
        py: 0.25,
        borderRadius: 999,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        fontSize: '0.85rem',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
