import type { ReactNode } from 'react';
import { Box } from '@kasa/ui';

/** A small rounded label (a result's model, size, voice or format; a feature's status). */
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
        border: '1px solid',
        borderColor: 'primary.main',
        color: 'text.primary',
        fontWeight: 700,
        fontSize: '0.85rem',
        maxWidth: '100%',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}
