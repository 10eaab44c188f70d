import { lazy, Suspense, useState } from 'react';
import { Box, HeaderBar, LegalFooter, useAppInfo, useT } from '@kasa/ui';
import { AuthCard } from '../auth/AuthCard';
import { CookieConsentBanner } from '../cookies/CookieConsentBanner';
import { ConversationsIcon, GlobeIcon, PhoneIcon } from './feature-icons';
import { landingMessages } from './messages';

// The dialog (and MUI's Dialog with it) downloads only when someone forgot their password.
const ForgotPasswordDialog = lazy(() => import('../auth/ForgotPasswordDialog'));

const FEATURES = [
  { Icon: ConversationsIcon, title: 'conversationsTitle', text: 'conversationsText' },
  { Icon: GlobeIcon, title: 'universalTitle', text: 'universalText' },
  { Icon: PhoneIcon, title: 'paymentsTitle', text: 'paymentsText' },
] as const;

/** The public screen at / and /chat for signed-out visitors (docs/product.md#landing-and-sign-in). */
export function LandingPage() {
  const t = useT(landingMessages);
  const { appName, assistantName } = useAppInfo();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotRequested, setForgotRequested] = useState(false);

  return (
    <Box
      data-testid="landing-page"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      {/* index.html paints this header and the hero before the bundles: keep both in step. */}
      <HeaderBar maxWidth={1040} />

      <Box
        component="main"
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 1040,
          mx: 'auto',
          px: 2,
          py: { xs: 3, md: 5 },
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Box>
          <Box
            component="h1"
            sx={{ m: 0, fontSize: { xs: '1.9rem', md: '2.5rem' }, fontWeight: 800, lineHeight: 1.15 }}
          >
            {t('greeting', { assistantName })}
          </Box>
          <Box component="p" sx={{ mt: 1.5, mb: 0, fontSize: '1.1rem', color: 'text.secondary' }}>
            {t('tagline')}
          </Box>
          <Box component="h2" sx={visuallyHidden}>
            {t('featuresHeading', { appName })}
          </Box>
          <Box
            component="ul"
            data-testid="landing-features"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 3, display: 'grid', gap: 1.5 }}
          >
            {FEATURES.map((feature) => (
              <Box
                component="li"
                key={feature.title}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  p: 2,
                  border: '1px solid',
                  borderColor: 'divider',
                  borderRadius: 2,
                  bgcolor: 'background.paper',
                }}
              >
                <Box aria-hidden sx={{ display: 'flex', flexShrink: 0, color: 'primary.main' }}>
                  <feature.Icon />
                </Box>
                <Box>
                  <Box component="h3" sx={{ m: 0, fontSize: '1.05rem', fontWeight: 700 }}>
                    {t(feature.title)}
                  </Box>
                  <Box component="p" sx={{ m: 0, mt: 0.5, color: 'text.secondary' }}>
                    {t(feature.text)}
                  </Box>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
        <AuthCard
          onForgotPassword={() => {
            setForgotRequested(true);
            setForgotOpen(true);
          }}
        />
      </Box>

      <Box component="p" sx={{ textAlign: 'center', fontWeight: 700, m: 0, px: 2, pb: 2 }}>
        {t('specialized')}
      </Box>
      <LegalFooter />
      {forgotRequested && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
      <CookieConsentBanner />
    </Box>
  );
}

// Strings, not numbers: MUI's sx reads 1 as 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
