import type { ReactNode } from 'react';
import { Box } from '@kasa/ui';

/** A bordered section of the billing pages, named by its heading. */
export function Card({
  testId,
  labelledBy,
  children,
}: {
  testId: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      data-testid={testId}
      aria-labelledby={labelledBy}
      sx={{
        p: 2,
        mb: 2,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      {children}
    </Box>
  );
}

export function CardTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box component="h2" id={id} sx={{ m: 0, mb: 1.5, fontSize: '1.15rem', fontWeight: 700 }}>
      {children}
    </Box>
  );
}

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
