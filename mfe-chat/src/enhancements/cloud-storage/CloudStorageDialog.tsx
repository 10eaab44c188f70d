// Add from cloud storage (Google Drive): on open it asks for the sign-in address (whose answer sets
// the cookie that lets only this browser complete the sign-in); Connect opens it in a 500x600
// window, checks every second whether that window closed, and a second after it did lists the
// user's files (the server's callback stored the grant). Each file has Import: the server copies
// it into the user's uploads, and it joins the draft. A server without Google credentials answers
// 503 DRIVE_NOT_CONFIGURED: the dialog says "not available on this server", with no Connect, and
// shows what to set only to an administrator, whose answer alone carries `configure`
// (docs/product.md#features-this-server-cannot-run). The menu item is disabled beforehand when the
// runtime configuration says so (EnhancementsPopover.tsx). Failures are kept as errors and worded
// at render by their code (useErrorText), so a text shown before the error texts loaded, or before
// a language switch, is French in French.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import type { CloudStorageFile } from '@kasa/contracts';
import { Box, Button, formatLongDate, useErrorText, useLanguage, useT } from '@kasa/ui';
import { Spinner } from '../../shared/ui/Spinner';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { dialogMessages } from '../dialog-messages';
import { driveAuthUrl, driveDownload, driveFiles, uploadAttachment } from '../enhancements-api';
import { uploadQueryKey } from '../../shared/attachments/upload-query';
import type { EnhancementDialogProps } from '../types';

export const POPUP_FEATURES = 'width=500,height=600';
export const POPUP_CHECK_MS = 1000;
export const LIST_DELAY_MS = 1000;

type Setup =
  | { state: 'loading' }
  | { state: 'ready'; authUrl: string }
  | { state: 'not-configured'; error: unknown; configure: string | null }
  | { state: 'failed'; error: unknown };

type Listing =
  | { state: 'idle' }
  | { state: 'waiting-for-sign-in' }
  | { state: 'loading' }
  | { state: 'loaded'; files: CloudStorageFile[] }
  | { state: 'failed'; error: unknown };

/** An import that failed: which file, and why. */
interface ImportFailure {
  fileName: string;
  error: unknown;
}

function formatSize(bytes: number | null): string | null {
  if (bytes === null || bytes === undefined) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function CloudStorageDialog({
  open,
  onClose,
  onComplete,
  conversationId,
}: EnhancementDialogProps) {
  const t = useT(dialogMessages);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  const [listing, setListing] = useState<Listing>({ state: 'idle' });
  const [popupBlocked, setPopupBlocked] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [importError, setImportError] = useState<ImportFailure | null>(null);
  const shownError =
    setup.state === 'not-configured' || setup.state === 'failed'
      ? setup.error
      : listing.state === 'failed'
        ? listing.error
        : importError?.error;
  const errorText = useErrorText(shownError);
  const timers = useRef<{
    interval?: ReturnType<typeof setInterval>;
    timeout?: ReturnType<typeof setTimeout>;
  }>({});
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const abort = new AbortController();
    driveAuthUrl(abort.signal)
      .then(({ authUrl }) => setSetup({ state: 'ready', authUrl }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // Only this code: a 503 SERVICE_UNAVAILABLE (the database briefly out) is a failure to retry.
        if (error instanceof ApiError && error.code === 'DRIVE_NOT_CONFIGURED') {
          const configure = error.body?.configure;
          setSetup({
            state: 'not-configured',
            error,
            configure: typeof configure === 'string' && configure ? configure : null,
          });
        } else {
          setSetup({ state: 'failed', error });
        }
      });
    const pending = timers.current;
    return () => {
      alive.current = false;
      abort.abort();
      clearInterval(pending.interval);
      clearTimeout(pending.timeout);
    };
    // Once, when the dialog opens (it is mounted only while open).
  }, []);

  const loadFiles = useCallback(async () => {
    setListing({ state: 'loading' });
    setImportError(null);
    try {
      const { files } = await driveFiles(conversationId);
      if (alive.current) setListing({ state: 'loaded', files });
    } catch (error) {
      if (alive.current) setListing({ state: 'failed', error });
    }
  }, [conversationId]);

  const connect = (authUrl: string) => {
    setPopupBlocked(false);
    const popup = window.open(authUrl, 'kasa-google-drive', POPUP_FEATURES);
    if (!popup) {
      setPopupBlocked(true);
      return;
    }
    setListing({ state: 'waiting-for-sign-in' });
    clearInterval(timers.current.interval);
    timers.current.interval = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(timers.current.interval);
      // The callback page stores the grant as the window closes: give it a moment.
      timers.current.timeout = setTimeout(() => void loadFiles(), LIST_DELAY_MS);
    }, POPUP_CHECK_MS);
  };

  const importFile = async (file: CloudStorageFile) => {
    setImporting(file.id);
    setImportError(null);
    try {
      const { upload } = await driveDownload(file.id, conversationId);
      queryClient.setQueryData(uploadQueryKey(upload.id), upload);
      if (alive.current) onComplete({ kind: 'attachments', attachments: [uploadAttachment(upload)] });
    } catch (error) {
      if (!alive.current) return;
      setImportError({ fileName: file.name, error });
      setImporting(null);
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose} title={t('cloudTitle')} testId="cloud-storage-dialog">
      {setup.state === 'loading' && (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Spinner />
          {t('loading')}
        </Box>
      )}
      {setup.state === 'not-configured' && (
        <Box role="alert" data-testid="cloud-not-configured">
          <Box component="p" sx={{ mt: 0, fontWeight: 700 }}>
            {errorText(setup.error, t('notConfigured'))}
          </Box>
          {setup.configure && (
            <Box component="p" data-testid="cloud-configure" sx={{ mb: 0, color: 'text.secondary' }}>
              {t('forAdministrators')}{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.9rem' }}>
                {setup.configure}
              </Box>
            </Box>
          )}
        </Box>
      )}
      {setup.state === 'failed' && (
        <Box role="alert" data-testid="cloud-init-failed" sx={{ color: 'error.main' }}>
          <strong>{t('failedToInitialize')}</strong> — {errorText(setup.error)}
        </Box>
      )}
      {setup.state === 'ready' && (
        <>
          <Box component="p" sx={{ mt: 0 }}>
            {t('cloudIntro')}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              sx={{ minHeight: 44 }}
              disabled={listing.state === 'loading'}
              onClick={() => connect(setup.authUrl)}
            >
              {t('connect')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              sx={{ minHeight: 44 }}
              disabled={listing.state === 'loading'}
              onClick={() => void loadFiles()}
            >
              {t('refreshList')}
            </Button>
          </Box>
          {popupBlocked && (
            <Box role="alert" sx={{ mt: 1.5, color: 'error.main' }}>
              {t('popupBlocked')}
            </Box>
          )}
        </>
      )}
      <Box sx={{ mt: 2 }}>
        {listing.state === 'waiting-for-sign-in' && <Box role="status">{t('waitingForSignIn')}</Box>}
        {listing.state === 'loading' && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Spinner />
            {t('loading')}
          </Box>
        )}
        {listing.state === 'failed' && (
          <Box role="alert" data-testid="cloud-files-failed" sx={{ color: 'error.main' }}>
            <strong>{t('failedToLoad')}</strong> {t('tryAuthAgain')}
            <Box component="span" sx={{ display: 'block', fontSize: '0.9rem' }}>
              {errorText(listing.error)}
            </Box>
          </Box>
        )}
        {importError && (
          <Box role="alert" sx={{ mb: 1, color: 'error.main' }}>
            {t('failedToDownload', { file: importError.fileName })} — {errorText(importError.error)}
          </Box>
        )}
        {listing.state === 'loaded' &&
          (listing.files.length === 0 ? (
            <Box data-testid="cloud-no-files">{t('noFiles')}</Box>
          ) : (
            <Box
              component="ul"
              data-testid="cloud-files"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            >
              {listing.files.map((file) => (
                <Box
                  component="li"
                  key={file.id}
                  data-testid="cloud-file"
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    p: 1,
                    border: '1px solid',
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Box sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{file.name}</Box>
                    <Box
                      component="dl"
                      sx={{
                        m: 0,
                        fontSize: '0.85rem',
                        color: 'text.secondary',
                        display: 'flex',
                        flexWrap: 'wrap',
                        columnGap: 1.5,
                      }}
                    >
                      <span>
                        <Box component="dt" sx={{ display: 'inline' }}>
                          {t('fileType')}:{' '}
                        </Box>
                        <Box component="dd" sx={{ display: 'inline', m: 0 }}>
                          {file.mimeType}
                        </Box>
                      </span>
                      <span>
                        <Box component="dt" sx={{ display: 'inline' }}>
                          {t('fileSize')}:{' '}
                        </Box>
                        <Box component="dd" sx={{ display: 'inline', m: 0 }}>
                          {formatSize(file.size) ?? t('googleDocument')}
                        </Box>
                      </span>
                      <span>
                        <Box component="dt" sx={{ display: 'inline' }}>
                          {t('fileModified')}:{' '}
                        </Box>
                        <Box component="dd" sx={{ display: 'inline', m: 0 }}>
                          {formatLongDate(file.modifiedTime, language)}
                        </Box>
                      </span>
                    </Box>
                  </Box>
                  <Button
                    variant="outlined"
                    color="inherit"
                    sx={{ minHeight: 44 }}
                    disabled={importing !== null}
                    aria-label={t('importNamed', { file: file.name })}
                    onClick={() => void importFile(file)}
                  >
                    {importing === file.id ? t('importing') : t('importFile')}
                  </Button>
                </Box>
              ))}
            </Box>
          ))}
      </Box>
    </DialogFrame>
  );
}
