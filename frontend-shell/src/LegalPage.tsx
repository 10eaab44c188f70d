import type { MouseEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { ThemeToggleButton, useAppInfo } from '@kasa/ui';

/** The five legal pages (spec §2). Their content comes from the server in a later issue. */
export const LEGAL_PAGES: Record<string, string> = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  'fair-use': 'Fair Use Policy',
  pricing: 'Pricing',
};

export function LegalPage() {
  const { page = '' } = useParams();
  const navigate = useNavigate();
  const { appName } = useAppInfo();
  const title = Object.prototype.hasOwnProperty.call(LEGAL_PAGES, page) ? LEGAL_PAGES[page] : undefined;
  if (!title) return <Navigate to="/" replace />;

  const goBack = (event: MouseEvent) => {
    // Back in history when the visitor came from inside the app, else to the home page.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };

  return (
    <Box data-testid="legal-page" sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        <Box component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, fontSize: '1.35rem', minHeight: 44, display: 'flex', alignItems: 'center' }}>
          {appName}
        </Box>
        <ThemeToggleButton size="small" />
      </Box>
      <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: 2, py: 2 }}>
        <Box
          component={Link}
          to="/"
          onClick={goBack}
          data-testid="legal-back"
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, color: 'text.primary', fontWeight: 600 }}
        >
          ← Back
        </Box>
        <Box component="h1" sx={{ mt: 1, mb: 2, fontSize: '1.6rem', fontWeight: 800 }}>
          {title}
        </Box>
        <Box component="p" sx={{ color: 'text.secondary' }}>
          {title} content not available.
        </Box>
      </Box>
    </Box>
  );
}
