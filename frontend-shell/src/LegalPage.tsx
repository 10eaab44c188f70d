import type { MouseEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { LegalPageLanguage } from '@kasa/contracts';
import { apiFetch } from '@kasa/api-client';
import { HeaderBar, formatLongDate, useErrorText, useLanguage, useT } from '@kasa/ui';
import { legalMessages } from './legal-messages';
import { renderLegalContent } from './legal-content';
import { CookiePreferencesPanel } from './cookies/CookiePreferencesPanel';
import { PricingPlans } from './pricing/PricingPlans';

/** The five legal pages (docs/product.md#legal-pages): route slug → message key of the title shown until the server sends one. */
export const LEGAL_PAGES = {
  terms: 'terms',
  privacy: 'privacy',
  cookies: 'cookies',
  'fair-use': 'fairUse',
  pricing: 'pricing',
} as const;
type LegalSlug = keyof typeof LEGAL_PAGES;

/** GET /api/legal/pages/{terms, privacy, cookies, fair_use or pricing}?lang={en or fr}. */
export const LEGAL_API_PATH = '/api/legal/pages';
export const legalApiSlug = (page: string) => page.replace(/-/g, '_');

/** A legal page as the server sends it. */
export interface LegalPageContent {
  title?: string;
  /** The text's language: the one asked for, or 'en' when the page is not written in it yet. */
  language?: LegalPageLanguage;
  version?: string;
  effectiveDate?: string;
  content?: string;
}

export function LegalPage() {
  const { page = '' } = useParams();
  const navigate = useNavigate();
  const t = useT(legalMessages);
  const { language } = useLanguage();
  const known = Object.prototype.hasOwnProperty.call(LEGAL_PAGES, page);
  const fallbackTitle = known ? t(LEGAL_PAGES[page as LegalSlug]) : '';
  const slug = legalApiSlug(page);
  // The interface language is part of the key: switching language reads the page in the new one.
  const query = useQuery<LegalPageContent>({
    queryKey: [LEGAL_API_PATH, slug, language],
    queryFn: ({ signal }) => apiFetch(`${LEGAL_API_PATH}/${slug}?lang=${language}`, { signal }),
    enabled: known,
  });
  const errorText = useErrorText(query.error);
  if (!known) return <Navigate to="/" replace />;

  const data = query.data;
  const title = data?.title?.trim() || fallbackTitle;
  const blocks = data?.content ? renderLegalContent(data.content) : [];
  // A server that does not say the language answered English (the pages were English only).
  const textLanguage = data?.language ?? 'en';

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
      <HeaderBar maxWidth={760} />
      <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: 2, py: 2 }}>
        <Box
          component={Link}
          to="/"
          onClick={goBack}
          data-testid="legal-back"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            color: 'text.primary',
            fontWeight: 600,
          }}
        >
          {t('back')}
        </Box>
        <Box component="h1" sx={{ mt: 1, mb: 2, fontSize: '1.6rem', fontWeight: 800 }}>
          {title}
        </Box>
        {data && (
          <Box
            component="p"
            data-testid="legal-meta"
            sx={{ mt: -1, mb: 2, color: 'text.secondary', fontSize: '0.9rem' }}
          >
            {t('version', { version: data.version || '1.0' })}
            {data.effectiveDate
              ? ` · ${t('effective', { date: formatLongDate(data.effectiveDate, language) })}`
              : ''}
          </Box>
        )}
        {page === 'pricing' && <PricingPlans />}
        {/* Only when the server had no text in the reader's language and answered the English one. */}
        {textLanguage !== language && blocks.length > 0 && (
          <Box component="p" lang={language} sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {t('shownInEnglish')}
          </Box>
        )}
        {query.isPending ? (
          <Box component="p" role="status" sx={{ color: 'text.secondary' }}>
            {t('loading')}
          </Box>
        ) : blocks.length ? (
          <Box
            data-testid="legal-content"
            lang={textLanguage}
            sx={{
              lineHeight: 1.6,
              '& h2': { fontSize: '1.25rem', mt: 3, mb: 1 },
              '& h3, & h4': { fontSize: '1.05rem', mt: 2, mb: 1 },
            }}
          >
            {blocks}
          </Box>
        ) : (
          <>
            <Box component="p" sx={{ color: 'text.secondary' }}>
              {t('notAvailable', { title })}
            </Box>
            {query.isError && (
              <Box component="p" role="alert" data-testid="legal-error" sx={{ color: 'text.secondary' }}>
                {errorText(query.error)}
              </Box>
            )}
          </>
        )}
        {page === 'cookies' && <CookiePreferencesPanel />}
      </Box>
    </Box>
  );
}
