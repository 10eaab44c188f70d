// The quick action's requests waiting in the media outbox: what each is, that it goes
// when the network returns, and Cancel.
import { Box, Button, useT } from '@kasa/ui';
import { messages } from '../messages';
import type { MediaOutboxItem } from '../offline/media-outbox';

export function WaitingRequests({
  items,
  onCancel,
}: {
  items: readonly MediaOutboxItem[];
  onCancel: (key: string) => void;
}) {
  const t = useT(messages);
  return (
    <Box aria-live="polite" sx={{ mt: 2 }}>
      {items.length > 0 && (
        <Box
          component="ul"
          data-testid="waiting-requests"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {items.map((item) => (
            <Box
              component="li"
              key={item.key}
              data-testid="waiting-request"
              sx={{ p: 1, border: '1px dashed', borderColor: 'divider', borderRadius: 1 }}
            >
              <Box sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {item.kind === 'image' ? item.prompt : item.fileName}
              </Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>{t('mediaWaiting')}</Box>
              <Button
                variant="text"
                color="inherit"
                size="small"
                sx={{ minHeight: 44 }}
                onClick={() => onCancel(item.key)}
                aria-label={t('cancelWaitingRequestLabel')}
              >
                {t('cancelWaiting')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
