import { Link } from 'react-router';
import Box from '@mui/material/Box';

export interface PageLinkProps {
  /** A path of the app (a client-side navigation, no reload). */
  to: string;
  children: string;
  testId?: string;
  /** 700 for a call to action (Sign up, Upgrade); 600 for a way around the app. */
  fontWeight?: 600 | 700;
}

/** A text link to another page of the app, 44 px tall (a thumb-sized target). */
export function PageLink({ to, children, testId, fontWeight = 600 }: PageLinkProps) {
  return (
    <Box
      component={Link}
      to={to}
      data-testid={testId}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: 44,
        color: 'text.primary',
        fontWeight,
      }}
    >
      {children}
    </Box>
  );
}
