import { lazy, Suspense, useState } from 'react';
import { HeaderBar, LegalFooter, useAppInfo, useT } from '@kasa/ui';
import { AuthCard } from '../auth/AuthCard';
import { CookieConsentBanner } from '../cookies/CookieConsentBanner';
import { useAsksCookieQuestion } from '../cookies/cookie-question';
import { AfterIdle } from '../deferred/AfterIdle';
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
  // The install card waits until the cookie banner below has been answered.
  useAsksCookieQuestion();

  // Static classes (@kasa/ui's static.css, inline in index.html), not `sx`: the first render of the
  // first screen then serializes and inserts no CSS for its layout (main-thread time).
  return (
    <div data-testid="landing-page" className="kasa-landing">
      {/* index.html paints this header and the hero before the bundles: keep both in step. */}
      <HeaderBar maxWidth={1040} />

      {/* Hero, form, features in this order: a phone shows the form on its first screen, the
          features after it; from 900 px the grid puts the features under the hero, the form beside
          both (static.css, .kasa-landing-main). */}
      <main className="kasa-landing-main">
        <div className="kasa-landing-hero">
          <h1 className="kasa-landing-title">{t('greeting', { assistantName })}</h1>
          <p className="kasa-landing-tagline">{t('tagline')}</p>
        </div>
        <div className="kasa-landing-auth">
          <AuthCard
            onForgotPassword={() => {
              setForgotRequested(true);
              setForgotOpen(true);
            }}
          />
        </div>
        <div className="kasa-landing-more">
          <h2 className="kasa-visually-hidden">{t('featuresHeading', { appName })}</h2>
          <ul data-testid="landing-features" className="kasa-landing-features">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="kasa-landing-feature">
                <div aria-hidden className="kasa-landing-feature-icon">
                  <feature.Icon />
                </div>
                <div>
                  <h3 className="kasa-landing-feature-title">{t(feature.title)}</h3>
                  <p className="kasa-landing-feature-text">{t(feature.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </main>

      {/* A landmark (complementary), as every part of the page is (docs/architecture.md#accessibility). */}
      <aside className="kasa-landing-specialized">{t('specialized')}</aside>
      <LegalFooter />
      {forgotRequested && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
      {/* Not in the first frame: the bar renders in a task of its own once the page is idle. */}
      <AfterIdle>
        <CookieConsentBanner />
      </AfterIdle>
    </div>
  );
}
