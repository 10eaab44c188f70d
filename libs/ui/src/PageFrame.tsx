import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import { useAppInfo } from './app-info';
import { BrandHomeLink } from './BrandHomeLink';
import { useT } from './i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { LogoutButton } from './LogoutButton';
import { MainNav } from './MainNav';
import { uiMessages } from './messages';
import { SupportContacts } from './support-contacts';
import { ThemeToggleButton } from './theme';

type UiMessageKey = keyof (typeof uiMessages)['en'];

/** The footer's legal links (docs/product.md#landing-and-sign-in), labels as message keys. */
export const LEGAL_LINKS: ReadonlyArray<{ label: UiMessageKey; to: string }> = [
  { label: 'terms', to: '/legal/terms' },
  { label: 'privacy', to: '/legal/privacy' },
  { label: 'cookiePreferences', to: '/legal/cookies' },
  { label: 'fairUse', to: '/legal/fair-use' },
  { label: 'pricing', to: '/legal/pricing' },
];

/**
 * The legal links, the support contacts and the copyright line, shared by the page frame and the
 * landing page. Static classes (static.css), not `sx`: it is on the first screen, where emotion's
 * work is main-thread time.
 */
export function LegalFooter() {
  const { appName } = useAppInfo();
  const t = useT(uiMessages);
  return (
    <footer data-testid="legal-footer" className="kasa-footer">
      <nav aria-label={t('legalNav')} className="kasa-footer-nav">
        {LEGAL_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="kasa-footer-link">
            {t(l.label)}
          </Link>
        ))}
      </nav>
      <SupportContacts layout="row" className="kasa-footer-support" testId="footer-support" />
      <p className="kasa-footer-copy">{t('copyright', { appName })}</p>
    </footer>
  );
}

/**
 * The yellow header bar of the pages outside the feature areas (landing, legal): brand and controls.
 * Static classes (static.css) like the footer; only the width varies, as an inline style.
 */
export function HeaderBar({ maxWidth = 960 }: { maxWidth?: number }) {
  return (
    <header className="kasa-header">
      <div className="kasa-header-bar" style={maxWidth === 960 ? undefined : { maxWidth }}>
        <BrandHomeLink />
        <HeaderControls />
      </div>
    </header>
  );
}

/** The header's right side: language, theme and, when signed in, Logout. */
export function HeaderControls() {
  return (
    <div className="kasa-header-controls">
      <LanguageSwitch size="small" />
      <ThemeToggleButton size="small" />
      <LogoutButton />
    </div>
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
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            columnGap: 1,
          }}
        >
          <BrandHomeLink />
          <HeaderControls />
        </Box>
        <MainNav />
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
      <LegalFooter />
    </Box>
  );
}

export interface SectionProps {
  /** The section's h2 (words, or words and a badge). */
  title: ReactNode;
  /**
   * The heading's id: the section is then named by its heading (aria-labelledby), a landmark a
   * screen reader can jump to. Unique on the page.
   */
  headingId?: string;
  /**
   * 'note' (an area's empty state, a short text): the content in the secondary text colour.
   * 'panel' (a working card: meters, forms, buttons): the content sets its own colours, and the
   * heading has a little more room under it.
   */
  variant?: 'note' | 'panel';
  testId?: string;
  children?: ReactNode;
}

export interface CardProps {
  /** The element: 'section' (Section), 'aside' (a nudge beside the page's content), 'div'. */
  component?: 'section' | 'aside' | 'div';
  /** Its accessible name when it has no heading to be named by. */
  label?: string;
  labelledBy?: string;
  testId?: string;
  children?: ReactNode;
}

/** The pages' bordered card: Section's frame, and that of a card without a heading (a nudge). */
export function Card({ component = 'div', label, labelledBy, testId, children }: CardProps) {
  return (
    <Box
      component={component}
      data-testid={testId}
      aria-label={label}
      aria-labelledby={labelledBy}
      sx={{
        p: 2,
        mb: 2,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        // In a flex or grid parent, wide content (a table, a long word) must not widen the card.
        minWidth: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** A bordered card with a heading: an area's empty state, or one part of a page. */
export function Section({ title, headingId, variant = 'note', testId, children }: SectionProps) {
  return (
    <Card component="section" testId={testId} labelledBy={headingId}>
      <Box
        component="h2"
        id={headingId}
        sx={{ m: 0, mb: variant === 'panel' ? 1.5 : 1, fontSize: '1.15rem', fontWeight: 700 }}
      >
        {title}
      </Box>
      {variant === 'panel' ? children : <Box sx={{ color: 'text.secondary' }}>{children}</Box>}
    </Card>
  );
}
