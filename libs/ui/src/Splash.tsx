import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useAppInfo } from './app-info';
import { useT } from './i18n';
import { uiMessages } from './messages';

const pulse = keyframes`
  0%, 100% { transform: scale(0.85); opacity: 0.6; }
  50% { transform: scale(1); opacity: 1; }
`;

/** Full-screen splash while the runtime configuration (and, later, the session) loads. */
export function Splash({ appName }: { appName?: string }) {
  const info = useAppInfo();
  const name = appName || info.appName;
  const t = useT(uiMessages);
  return (
    <Box
      data-testid="splash"
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          animation: `${pulse} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <Box component="h1" sx={{ m: 0, fontSize: '1.4rem', fontWeight: 700 }}>
        {t('initializing', { appName: name })}
      </Box>
      <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
        {t('settingUp')}
      </Box>
    </Box>
  );
}
