import { useId } from 'react';
import { Box, Button, useAppInfo, useT } from '@kasa/ui';
import { useCookieQuestionOpen } from '../cookies/cookie-question';
import type { InstallPromptEvents } from './install-prompt-events';
import { installPromptMessages } from './messages';
import { useInstallPrompt } from './use-install-prompt';

/** iOS's Share glyph (a box with an arrow), so the instruction can be followed without reading it all. */
function ShareGlyph() {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      sx={{ width: 20, height: 20, verticalAlign: '-4px', mx: 0.5, flex: 'none' }}
    >
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5M8 10H6v10h12V10h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/**
 * The install-app card (docs/product.md#install-card): a bottom card on phones, bottom-right on wide screens.
 * It waits while the cookie banner asks its question (src/cookies/cookie-question.ts): the two
 * share the bottom of the screen, and the card would hide the banner's buttons. z-index 1350,
 * under the toasts (1400).
 */
export function InstallPromptCard({ events }: { events?: InstallPromptEvents } = {}) {
  const { visible, platform, canPrompt, install, dismiss } = useInstallPrompt({ events });
  const cookieQuestionOpen = useCookieQuestionOpen();
  const t = useT(installPromptMessages);
  const { appName } = useAppInfo();
  const titleId = useId();
  if (!visible || cookieQuestionOpen) return null;

  const ios = platform === 'ios';
  return (
    <Box
      data-testid="install-prompt"
      data-platform={platform}
      role="region"
      aria-labelledby={titleId}
      sx={{
        position: 'fixed',
        zIndex: 1350,
        left: { xs: 0, sm: 'auto' },
        right: 0,
        bottom: 0,
        p: 1.5,
        pb: 'calc(12px + env(safe-area-inset-bottom, 0px))',
        width: { xs: '100%', sm: 420 },
        boxSizing: 'border-box',
      }}
    >
      {/* kasa-bottom-card: toasts show above it (static.css, .kasa-toaster). */}
      <Box
        className="kasa-bottom-card"
        sx={{
          p: 2,
          borderRadius: 2,
          border: '2px solid',
          borderColor: 'primary.main',
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 6,
        }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            component="img"
            src="/icons/icon-192.png"
            alt=""
            width={48}
            height={48}
            sx={{ borderRadius: 1.5, flex: 'none' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Box id={titleId} component="h2" sx={{ m: 0, fontSize: '1.05rem', fontWeight: 700 }}>
              {t('title', { appName })}
            </Box>
            <Box component="p" data-testid="install-prompt-text" sx={{ m: 0, mt: 0.5, fontSize: '0.95rem' }}>
              {ios ? (
                <>
                  <ShareGlyph />
                  {t('ios')}
                </>
              ) : (
                t(platform === 'android' ? 'android' : 'desktop')
              )}
            </Box>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
          <Button
            data-testid="install-prompt-dismiss"
            variant="text"
            color="inherit"
            onClick={dismiss}
            sx={{ minHeight: 48, minWidth: 96 }}
          >
            {t('dismiss')}
          </Button>
          {canPrompt && !ios && (
            <Button
              data-testid="install-prompt-install"
              variant="contained"
              color="primary"
              onClick={() => void install()}
              sx={{ minHeight: 48, minWidth: 112, fontWeight: 700 }}
            >
              {t('install')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}
