import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Box, Button, ButtonBase, useAppInfo, useT } from '@kasa/ui';
import { cookieSessionId } from './cookie-session';
import {
  ACCEPT_ALL,
  NECESSARY_ONLY,
  cookiePreferencesQueryKey,
  saveCookiePreferences,
  type CookieChoice,
} from './cookie-preferences-api';
import { setConsentFlag, useConsentGiven } from './consent-flag';
import { cookieMessages } from './messages';

// Most visitors answer with one tap: the toggles load only for those who choose Customize.
const CookieToggles = lazy(() => import('./CookieToggles').then((m) => ({ default: m.CookieToggles })));

const buttonSx = { flex: '1 1 auto', px: 1.5, whiteSpace: 'nowrap' } as const;

/**
 * Cookie consent (docs/product.md#cookie-consent): a compact bar fixed at the bottom, opening into the full panel on
 * Customize. It shows itself only while localStorage 'cookieConsentGiven' is absent, so it can be
 * mounted on any page.
 */
export function CookieConsentBanner() {
  const consentGiven = useConsentGiven();
  const t = useT(cookieMessages);
  const { appName } = useAppInfo();
  const queryClient = useQueryClient();
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<CookieChoice>(NECESSARY_ONLY);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  // Callbacks on the mutation itself (not on mutate()) still run if the page navigates away mid-save.
  const save = useMutation({
    mutationFn: (choice: CookieChoice) => saveCookiePreferences(cookieSessionId, choice),
    // The cookie page then shows this choice without asking the server again.
    onSuccess: (saved) => queryClient.setQueryData(cookiePreferencesQueryKey(cookieSessionId), saved),
    // A failed save is only logged; consent is still treated as given.
    onError: (error) => console.warn('Failed to save preferences', error),
    onSettled: () => setConsentFlag(),
  });

  useEffect(() => {
    if (customizing) panelHeading.current?.focus();
  }, [customizing]);

  if (consentGiven) return null;

  const busy = save.isPending;
  const choose = (choice: CookieChoice) => save.mutate(choice);

  return (
    <Box
      component="section"
      role="region"
      aria-label={t('bannerLabel')}
      aria-busy={busy}
      data-testid="cookie-banner"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        // Above the page, below the toaster (1400).
        zIndex: 1300,
        display: 'flex',
        justifyContent: 'center',
        p: 1,
        pb: 'max(8px, env(safe-area-inset-bottom))',
        pointerEvents: 'none',
      }}
    >
      {/* kasa-bottom-card: toasts show above it (static.css, .kasa-toaster). */}
      <Box
        className="kasa-bottom-card"
        sx={{
          pointerEvents: 'auto',
          width: '100%',
          maxWidth: 560,
          maxHeight: '85dvh',
          overflowY: 'auto',
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: '2px solid',
          borderColor: 'text.primary',
          borderRadius: 2,
          boxShadow: 6,
          p: 1.5,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {customizing ? (
              <Box data-testid="cookie-panel">
                <Box
                  component="h2"
                  ref={panelHeading}
                  tabIndex={-1}
                  sx={{ m: 0, fontSize: '1.1rem', fontWeight: 700, outline: 'none' }}
                >
                  {t('panelTitle')}
                </Box>
                <Box component="p" sx={{ mt: 0.5, mb: 1, fontSize: '0.9rem' }}>
                  {t('panelIntro', { appName })}{' '}
                  <Box component={Link} to="/legal/cookies" sx={{ color: 'inherit', fontWeight: 600 }}>
                    {t('policyLink')}
                  </Box>
                </Box>
                <Suspense fallback={null}>
                  <CookieToggles
                    value={draft}
                    onChange={setDraft}
                    disabled={busy}
                    testIdPrefix="cookie-toggle"
                  />
                </Suspense>
              </Box>
            ) : (
              <Box component="p" sx={{ m: 0, fontSize: '0.9rem', lineHeight: 1.4 }}>
                {t('bannerText', { appName })}{' '}
                <Box component={Link} to="/legal/cookies" sx={{ color: 'inherit', fontWeight: 600 }}>
                  {t('policyLink')}
                </Box>
              </Box>
            )}
          </Box>
          {/* Closing declines (necessary only) without posting anything. */}
          <ButtonBase
            data-testid="cookie-close"
            aria-label={t('close')}
            disabled={busy}
            onClick={() => setConsentFlag()}
            sx={{
              width: 44,
              height: 44,
              m: -1,
              borderRadius: 1,
              fontSize: '1.5rem',
              lineHeight: 1,
              flexShrink: 0,
            }}
          >
            ×
          </ButtonBase>
        </Box>
        {/* Necessary Only and Accept All look alike: refusing is as easy as accepting. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {customizing ? (
            <Button
              data-testid="cookie-save"
              variant="outlined"
              color="inherit"
              disabled={busy}
              onClick={() => choose(draft)}
              sx={buttonSx}
            >
              {t('savePreferences')}
            </Button>
          ) : (
            <Button
              data-testid="cookie-customize"
              variant="text"
              color="inherit"
              disabled={busy}
              onClick={() => setCustomizing(true)}
              sx={buttonSx}
            >
              {t('customize')}
            </Button>
          )}
          <Button
            data-testid="cookie-necessary-only"
            variant="contained"
            disabled={busy}
            onClick={() => choose(NECESSARY_ONLY)}
            sx={buttonSx}
          >
            {t('necessaryOnly')}
          </Button>
          <Button
            data-testid="cookie-accept-all"
            variant="contained"
            disabled={busy}
            onClick={() => choose(ACCEPT_ALL)}
            sx={buttonSx}
          >
            {t('acceptAll')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
