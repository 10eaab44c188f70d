// The offline banner: what works without a network and what waits for it. It also
// holds the 'Needs a connection' text that every disabled network action points at
// (aria-describedby), so a screen reader says why the button does nothing.
import { Box, useT } from '@kasa/ui';
import { messages } from '../messages';
import { visuallyHidden } from '../shared/ui/visually-hidden';

export function OfflineBanner({ reasonId }: { reasonId: string }) {
  const t = useT(messages);
  return (
    <Box
      role="status"
      data-testid="offline-banner"
      sx={{
        mx: 'auto',
        maxWidth: 760,
        width: '100%',
        boxSizing: 'border-box',
        px: 2,
        py: 1,
        bgcolor: 'warning.light',
        color: 'text.primary',
        fontSize: 14,
      }}
    >
      <Box component="strong" sx={{ display: 'block' }}>
        {t('offlineTitle')}
      </Box>
      <span>{t('offlineText')}</span>
      <Box component="span" id={reasonId} sx={visuallyHidden}>
        {t('needsConnection')}
      </Box>
    </Box>
  );
}
