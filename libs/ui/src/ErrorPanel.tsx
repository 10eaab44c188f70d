import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAppInfo } from './app-info';
import { useT } from './i18n';
import { uiMessages } from './messages';

export interface ErrorPanelProps {
  title?: string;
  message?: string;
  /** Technical detail (error message) shown small, for support. */
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
  testId?: string;
  retryTestId?: string;
  /** Fill the whole screen (used before anything else is on screen). */
  fullScreen?: boolean;
  /** Another way out, shown under Retry (e.g. a link to the chat). */
  secondaryAction?: ReactNode;
}

/** A clear failure panel with a Retry button that really retries (the caller decides how). */
export function ErrorPanel({
  title,
  message,
  detail,
  onRetry,
  retrying = false,
  testId = 'remote-error-panel',
  retryTestId = 'remote-retry',
  fullScreen = false,
  secondaryAction,
}: ErrorPanelProps) {
  const t = useT(uiMessages);
  const { appName } = useAppInfo();
  return (
    <Box
      data-testid={testId}
      role="alert"
      sx={{
        minHeight: fullScreen ? '100dvh' : 'auto',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          p: 3,
          border: '2px solid',
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          textAlign: 'center',
        }}
      >
        <Box component="h2" sx={{ m: 0, mb: 1, fontSize: '1.25rem', fontWeight: 700 }}>
          {title ?? t('loadFailedTitle', { appName })}
        </Box>
        <Box component="p" sx={{ m: 0, mb: 2, color: 'text.secondary' }}>
          {message ?? t('checkConnection')}
        </Box>
        <Button
          data-testid={retryTestId}
          variant="contained"
          color="primary"
          size="large"
          onClick={onRetry}
          disabled={retrying}
          sx={{ minWidth: 160, minHeight: 48 }}
        >
          {retrying ? t('retrying') : t('retry')}
        </Button>
        {secondaryAction && <Box sx={{ mt: 1.5 }}>{secondaryAction}</Box>}
        {detail && (
          <Box
            component="details"
            sx={{
              mt: 2,
              fontSize: '0.8rem',
              color: 'text.secondary',
              textAlign: 'left',
              '& summary': { cursor: 'pointer', minHeight: 32 },
            }}
          >
            <summary>{t('technicalDetails')}</summary>
            <Box component="p" sx={{ m: 0, mt: 1, wordBreak: 'break-word' }}>
              {detail}
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
