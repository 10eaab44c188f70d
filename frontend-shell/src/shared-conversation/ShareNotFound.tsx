import { ApiError } from '@kasa/api-client';
import { Box, PageLink, useErrorText, useT } from '@kasa/ui';
import { sharedMessages } from './messages';

/** What a 404 without the code (a proxy's page) is shown as: the same text. */
const SHARE_NOT_FOUND = { code: 'SHARE_NOT_FOUND' };

/** A link that never existed or was revoked: what happened, in the visitor's language, and a way home. */
export function ShareNotFound({ error }: { error: unknown }) {
  const t = useT(sharedMessages);
  // The server's own error (its English words until the error texts load), else the bare code.
  const shown = error instanceof ApiError && error.code === 'SHARE_NOT_FOUND' ? error : SHARE_NOT_FOUND;
  const errorText = useErrorText(shown);
  return (
    <Box data-testid="shared-not-found" sx={{ py: 2 }}>
      <Box component="h1" sx={{ m: 0, mb: 1, fontSize: '1.6rem', fontWeight: 800 }}>
        {t('notFoundTitle')}
      </Box>
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {errorText(shown)}
      </Box>
      <PageLink to="/" testId="shared-go-home" fontWeight={700}>
        {t('goHome')}
      </PageLink>
    </Box>
  );
}
