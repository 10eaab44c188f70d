import LinearProgress from '@mui/material/LinearProgress';
import type { AccountExportView } from '@kasa/contracts';
import { Box, Button, useErrorText, useLanguage, useT } from '@kasa/ui';
import { formatDateTime } from '../shared/dates';
import { exportMessages } from './messages';
import { isRunning, useAccountExport } from './useAccountExport';

/** Export Data: start, watch the progress, then a signed download link valid for a while. */
export function ExportData() {
  const t = useT(exportMessages);
  const { latest, current, start, view } = useAccountExport();
  const errorText = useErrorText(start.error ?? current.error ?? view?.error ?? undefined);
  const running = isRunning(view) || start.isPending;
  const canStart = !running && view?.status !== 'failed';
  return (
    <Box data-testid="account-export" sx={{ mt: 2, pt: 2, borderTop: '1px solid', borderColor: 'divider' }}>
      {canStart && (
        <Button
          variant="outlined"
          color="inherit"
          data-testid="export-start"
          disabled={latest.isPending && latest.fetchStatus === 'fetching'}
          onClick={() => start.mutate()}
        >
          {t('exportData')}
        </Button>
      )}
      <Box component="p" sx={{ mb: 0, mt: 1, fontSize: '0.85rem', color: 'text.secondary' }}>
        {t('exportHint')}
      </Box>
      {start.isPending && (
        <Box component="p" role="status">
          {t('starting')}
        </Box>
      )}
      {start.isError && (
        <Box component="p" role="alert" data-testid="export-error" sx={{ color: 'error.main' }}>
          {errorText(start.error, t('startFailed'))}
        </Box>
      )}
      {current.isError && (
        <Box component="p" role="alert" sx={{ color: 'error.main' }}>
          {errorText(current.error, t('checkFailed'))}
        </Box>
      )}
      {view && <ExportState view={view} onRetry={() => start.mutate()} retrying={start.isPending} />}
    </Box>
  );
}

function ExportState({
  view,
  onRetry,
  retrying,
}: {
  view: AccountExportView;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT(exportMessages);
  const { language } = useLanguage();
  const errorText = useErrorText(view.error ?? undefined);
  if (isRunning(view)) {
    return (
      <Box sx={{ mt: 1.5 }} role="status">
        <Box sx={{ mb: 0.5 }}>{t('preparing', { percent: view.progress })}</Box>
        <LinearProgress
          data-testid="export-progress"
          variant="determinate"
          value={Math.min(100, Math.max(0, view.progress))}
          aria-label={t('progressLabel')}
        />
      </Box>
    );
  }
  if (view.status === 'completed' && view.downloadUrl) {
    return (
      <Box sx={{ mt: 1.5 }}>
        <Box
          component="a"
          href={view.downloadUrl}
          download
          data-testid="export-download"
          sx={{
            fontWeight: 700,
            color: 'text.primary',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
          }}
        >
          {t('download')}
        </Box>
        {view.expiresAt && (
          <Box sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
            {t('validUntil', { time: formatDateTime(view.expiresAt, language) })}
          </Box>
        )}
      </Box>
    );
  }
  if (view.status === 'failed') {
    return (
      <Box sx={{ mt: 1.5 }} role="alert" data-testid="export-failed">
        <Box component="p" sx={{ mt: 0, color: 'error.main' }}>
          {view.error ? errorText(view.error, t('failed')) : t('failed')}
        </Box>
        <Button variant="outlined" color="inherit" onClick={onRetry} disabled={retrying}>
          {t('tryAgain')}
        </Button>
      </Box>
    );
  }
  // Expired (or completed without a link): the Export Data button above starts a new one.
  return (
    <Box component="p" sx={{ mb: 0, color: 'text.secondary' }}>
      {t('expired')}
    </Box>
  );
}
