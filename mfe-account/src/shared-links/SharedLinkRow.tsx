import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { sharedPagePath, type ShareSummary } from '@kasa/contracts';
import { Badge, Box, Button, formatLongDate, useLanguage, useT } from '@kasa/ui';
import { commonMessages } from '../shared/messages';
import { useCopy } from '../shared/useCopy';
import { sharedLinksMessages } from './messages';
import { shareUrl } from './shared-links-api';
import { useRevokeShare } from './useRevokeShare';

/** One link: what it shows, and Copy link, Open, Revoke (after a confirmation in place). */
export function SharedLinkRow({ link }: { link: ShareSummary }) {
  const t = useT(sharedLinksMessages);
  const common = useT(commonMessages);
  const { language } = useLanguage();
  const copy = useCopy();
  const revoke = useRevokeShare();
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the question: onto its answer when asked, back to Revoke when cancelled.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) revokeButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const count = link.messageCount === 1 ? t('oneMessage') : t('messageCount', { count: link.messageCount });
  return (
    <Box
      component="li"
      data-testid="shared-link"
      aria-labelledby={`shared-link-${link.id}`}
      sx={{ py: 1.5, borderTop: '1px solid', borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box
        id={`shared-link-${link.id}`}
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        data-testid="shared-link-title"
      >
        {link.title}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1,
          rowGap: 0.5,
          mt: 0.25,
          fontSize: '0.9rem',
          color: 'text.secondary',
        }}
      >
        <span data-testid="shared-link-meta">
          {t('sharedOn', { date: formatLongDate(link.createdAt, language) })} · {count}
        </span>
        {link.showName && (
          <Badge variant="secondary" size="small" testId="shared-link-shows-name">
            {t('showsName')}
          </Badge>
        )}
      </Box>
      {link.conversationId === null && (
        <Box
          component="p"
          data-testid="shared-link-conversation-deleted"
          sx={{ m: 0, mt: 0.5, fontSize: '0.85rem', color: 'text.secondary' }}
        >
          {t('conversationDeleted')}
        </Box>
      )}
      {confirming ? (
        <Box role="group" aria-label={t('revoke')} sx={{ mt: 1 }}>
          <Box component="p" sx={{ m: 0, mb: 1 }}>
            {t('confirmRevoke', { title: link.title })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              ref={confirmButton}
              variant="contained"
              color="error"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(link.id, { onError: () => setConfirming(false) })}
              data-testid="shared-link-confirm-revoke"
            >
              {revoke.isPending ? t('revoking') : t('revoke')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              disabled={revoke.isPending}
              onClick={() => setConfirming(false)}
            >
              {common('cancel')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => void copy(shareUrl(link.id))}
            data-testid="shared-link-copy"
          >
            {t('copyLink')}
          </Button>
          <Button
            component={Link}
            to={sharedPagePath(link.id)}
            variant="outlined"
            color="inherit"
            data-testid="shared-link-open"
          >
            {t('open')}
          </Button>
          <Button
            ref={revokeButton}
            variant="outlined"
            color="error"
            onClick={() => setConfirming(true)}
            data-testid="shared-link-revoke"
          >
            {t('revoke')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
