import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { useAppInfo } from './app-info';
import { BrandHomeLink } from './BrandHomeLink';
import { ThemeToggleButton } from './theme';

export interface NavItem {
  label: string;
  to: string;
  /** Paths (prefixes) on which this item counts as the current page. */
  match: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Chat', to: '/chat', match: ['/', '/chat'] },
  { label: 'AI Studio', to: '/ai-studio', match: ['/ai-studio'] },
  { label: 'Subscription', to: '/subscription', match: ['/subscription', '/payments'] },
  { label: 'Account', to: '/account', match: ['/account'] },
];

export const LEGAL_LINKS = [
  { label: 'Terms of Use', to: '/legal/terms' },
  { label: 'Privacy Policy', to: '/legal/privacy' },
  { label: 'Cookie Preferences', to: '/legal/cookies' },
  { label: 'Fair Use Policy', to: '/legal/fair-use' },
  { label: 'Pricing', to: '/legal/pricing' },
];

function isActive(item: NavItem, pathname: string): boolean {
  return item.match.some((p) =>
    p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`),
  );
}

export interface PageFrameProps {
  /** The area's title, shown as the page heading. */
  title: string;
  /** One line under the title. */
  subtitle?: string;
  /** data-testid of the frame (chat-page, studio-page, ...). The shell wraps a mounted remote in remote-<name>. */
  testId?: string;
  children?: ReactNode;
}

/** The header, navigation and body frame every area of Kasa shares (mobile first). */
export function PageFrame({ title, subtitle, testId, children }: PageFrameProps) {
  const { appName } = useAppInfo();
  const { pathname } = useLocation();
  return (
    <Box
      data-testid={testId}
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Box
          sx={{
            maxWidth: 960,
            mx: 'auto',
            px: 2,
            pt: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <BrandHomeLink />
          <ThemeToggleButton size="small" />
        </Box>
        <Box
          component="nav"
          aria-label="Main"
          sx={{
            maxWidth: 960,
            mx: 'auto',
            px: 1,
            display: 'flex',
            overflowX: 'auto',
            scrollbarWidth: 'none',
          }}
        >
          {NAV_ITEMS.map((item) => {
            const active = isActive(item, pathname);
            return (
              <Box
                key={item.to}
                component={Link}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                sx={{
                  color: 'inherit',
                  textDecoration: 'none',
                  whiteSpace: 'nowrap',
                  minHeight: 48,
                  px: 1,
                  fontSize: '0.95rem',
                  display: 'flex',
                  alignItems: 'center',
                  fontWeight: active ? 800 : 500,
                  borderBottom: '3px solid',
                  borderColor: active ? 'currentColor' : 'transparent',
                  opacity: active ? 1 : 0.85,
                }}
              >
                {item.label}
              </Box>
            );
          })}
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 960, mx: 'auto', px: 2, py: 3 }}>
        <Box component="h1" sx={{ m: 0, fontSize: '1.6rem', fontWeight: 800 }}>
          {title}
        </Box>
        {subtitle && (
          <Box component="p" sx={{ mt: 0.5, mb: 0, color: 'text.secondary' }}>
            {subtitle}
          </Box>
        )}
        <Box sx={{ mt: 2.5 }}>{children}</Box>
      </Box>
      <Box component="footer" sx={{ borderTop: '1px solid', borderColor: 'divider', px: 2, py: 2 }}>
        <Box
          component="nav"
          aria-label="Legal"
          sx={{ maxWidth: 960, mx: 'auto', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
        >
          {LEGAL_LINKS.map((l) => (
            <Box
              key={l.to}
              component={Link}
              to={l.to}
              sx={{
                color: 'text.secondary',
                fontSize: '0.85rem',
                minHeight: 44,
                display: 'flex',
                alignItems: 'center',
              }}
            >
              {l.label}
            </Box>
          ))}
        </Box>
        <Box
          component="p"
          sx={{ maxWidth: 960, mx: 'auto', mt: 1, mb: 0, fontSize: '0.8rem', color: 'text.secondary' }}
        >
          © {new Date().getFullYear()} {appName}. All rights reserved.
        </Box>
      </Box>
    </Box>
  );
}

/** A bordered card for an area's empty state or a section. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      component="section"
      data-testid={testId}
      sx={{
        p: 2,
        mb: 2,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box component="h2" sx={{ m: 0, mb: 1, fontSize: '1.15rem', fontWeight: 700 }}>
        {title}
      </Box>
      <Box sx={{ color: 'text.secondary' }}>{children}</Box>
    </Box>
  );
}
