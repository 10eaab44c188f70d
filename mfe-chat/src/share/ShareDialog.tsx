// Share conversation (loaded with the first opening): what a link shares, 'Show my name' (off by
// default: no personal data), Create link (POST /api/shares), then the link with Copy and, where the
// phone has a share sheet (WhatsApp, SMS…), Share. The links are managed on the account page.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ShareSummary } from '@kasa/contracts';
import { Box, Button, useErrorText, useT } from '@kasa/ui';
import { copyText } from '@kasa/ui/clipboard';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { useOnline } from '../shared/hooks/useOnline';
import { shareMessages } from './messages';
import { MANAGE_SHARES_PATH, SHARES_QUERY_KEY, createShare, shareUrl } from './share-api';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  conversationId: string;
  /** The conversation's title (the share sheet's subject). */
  title: string;
  /** The last message the link shares (a reply's 'share up to here'); unset: every message shown now. */
  upToMessageId?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

export default function ShareDialog({
  open,
  onClose,
  conversationId,
  title,
  upToMessageId,
}: ShareDialogProps) {
  const t = useT(shareMessages);
  const online = useOnline();
  const queryClient = useQueryClient();
  const [showName, setShowName] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyButton = useRef<HTMLButtonElement>(null);
  const create = useMutation({
    mutationFn: () => createShare({ conversationId, showName, ...(upToMessageId ? { upToMessageId } : {}) }),
    // The account page's list (same QueryClient) gains the new link.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SHARES_QUERY_KEY, exact: true }),
  });
  const errorText = useErrorText(create.error ?? undefined);
  const share: ShareSummary | undefined = create.data;
  const url = share ? shareUrl(share) : '';
  const canShareSheet = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  // Create link is gone once the link is made: focus moves to what comes next, not to the dialog's top.
  useEffect(() => {
    if (share) copyButton.current?.focus();
  }, [share]);

  const copyUrl = async () => {
    try {
      await copyText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  const openShareSheet = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed without sharing (AbortError), or refused: the link is still there to copy.
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose} title={t('dialogTitle')} testId="share-dialog">
      <Box component="p" sx={{ mt: 0, mb: 2 }}>
        {upToMessageId ? t('explanationUpTo') : t('explanation')}
      </Box>
      {!share && (
        <>
          <FormControlLabel
            sx={{ ml: 0, minHeight: 48, gap: 1 }}
            control={
              <Switch
                checked={showName}
                onChange={(event) => setShowName(event.target.checked)}
                disabled={create.isPending}
              />
            }
            label={t('showName')}
            labelPlacement="start"
          />
          <Box component="p" sx={{ mt: 0, mb: 2, fontSize: '0.875rem', color: 'text.secondary' }}>
            {showName ? t('showNameOn') : t('showNameOff')}
          </Box>
          {create.isError && (
            <Box role="alert" data-testid="share-error" sx={{ mb: 2, color: 'error.main' }}>
              <Box component="strong" sx={{ display: 'block' }}>
                {t('createFailed')}
              </Box>
              {errorText(create.error)}
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Button
              variant="contained"
              data-testid="share-create"
              disabled={create.isPending || !online}
              onClick={() => create.mutate()}
              sx={{ minHeight: 44 }}
            >
              {create.isPending ? t('creating') : t('createLink')}
            </Button>
            {!online && (
              <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
                {t('needsConnection')}
              </Box>
            )}
          </Box>
        </>
      )}
      {share && (
        <>
          <Box component="p" role="status" sx={{ mt: 0, mb: 1, fontWeight: 700 }}>
            {t('linkReady')}
          </Box>
          <Box
            component="input"
            readOnly
            value={url}
            aria-label={t('linkLabel')}
            data-testid="share-link"
            onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
            sx={{
              width: '100%',
              minHeight: 44,
              px: 1.5,
              mb: 1.5,
              boxSizing: 'border-box',
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.default',
              color: 'text.primary',
              font: 'inherit',
              fontSize: '1rem',
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              ref={copyButton}
              variant="contained"
              data-testid="share-copy"
              onClick={() => void copyUrl()}
              sx={{ minHeight: 44 }}
            >
              {copy === 'copied' ? t('copied') : t('copyLink')}
            </Button>
            {canShareSheet && (
              <Button
                variant="outlined"
                data-testid="share-native"
                onClick={() => void openShareSheet()}
                sx={{ minHeight: 44 }}
              >
                {t('shareVia')}
              </Button>
            )}
          </Box>
          <Box role="status" aria-live="polite" sx={{ mt: 1, minHeight: '1.5em', fontSize: '0.875rem' }}>
            {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
          </Box>
        </>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          mt: 2,
          pt: 2,
          borderTop: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Button
          component={Link}
          to={MANAGE_SHARES_PATH}
          color="inherit"
          data-testid="share-manage"
          onClick={onClose}
          sx={{ minHeight: 44, textDecoration: 'underline' }}
        >
          {t('manageLinks')}
        </Button>
        <Button color="inherit" onClick={onClose} sx={{ minHeight: 44 }}>
          {t('close')}
        </Button>
      </Box>
    </DialogFrame>
  );
}
