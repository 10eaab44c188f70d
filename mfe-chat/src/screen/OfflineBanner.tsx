// The offline banner (docs/product.md#offline): one line under the top bar, its details (what works
// without a network and what waits for it) behind a toggle, and a close. It also holds the 'Needs a
// connection' text that every disabled network action points at (aria-describedby), so a screen
// reader says why the button does nothing: that text stays when the banner is closed.
import { useId, useState } from 'react';
import { Box, ButtonBase, textButtonClass, useT } from '@kasa/ui';
import { messages } from '../messages';
import { visuallyHidden } from '../shared/ui/visually-hidden';

/**
 * Shown while offline (ChatScreen mounts it then): closing it lasts until the connection comes
 * back, so the next drop shows it again.
 */
export function OfflineBanner({ reasonId }: { reasonId: string }) {
  const t = useT(messages);
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const [closed, setClosed] = useState(false);

  const reason = (
    <Box component="span" id={reasonId} sx={visuallyHidden}>
      {t('needsConnection')}
    </Box>
  );
  if (closed) return reason;

  return (
    <Box
      data-testid="offline-banner"
      sx={{
        mx: 'auto',
        maxWidth: 760,
        width: '100%',
        boxSizing: 'border-box',
        px: 2,
        bgcolor: 'warning.light',
        color: 'text.primary',
        fontSize: 14,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box
          component="strong"
          role="status"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {t('offlineTitle')}
        </Box>
        <button
          type="button"
          data-testid="offline-details-toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          className={textButtonClass({ fit: true })}
          onClick={() => setExpanded((open) => !open)}
        >
          {t('offlineDetails')}
        </button>
        <ButtonBase
          data-testid="offline-banner-close"
          aria-label={t('offlineClose')}
          onClick={() => setClosed(true)}
          sx={{ width: 44, height: 44, mr: -1.5, borderRadius: 1, fontSize: '1.5rem', lineHeight: 1 }}
        >
          ×
        </ButtonBase>
      </Box>
      <Box id={detailsId} data-testid="offline-details" hidden={!expanded} sx={{ pb: 1 }}>
        {t('offlineText')}
      </Box>
      {reason}
    </Box>
  );
}
