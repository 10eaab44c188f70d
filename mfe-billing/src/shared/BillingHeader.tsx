import { Box, PageLink, useSessionControls, useT } from '@kasa/ui';
import { messages } from '../messages';

/**
 * The subscription page's own header line (docs/product.md#subscription-page): who is signed in (or USER), Get Pro and Back
 * to Chat. The product name, theme toggle and Logout are in the shared page header above it.
 */
export function BillingHeader({ showGetPro }: { showGetPro: boolean }) {
  const t = useT(messages);
  const session = useSessionControls();
  return (
    <Box
      data-testid="billing-header"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mb: 2 }}
    >
      <Box
        component="span"
        data-testid="billing-username"
        aria-label={`${t('signedInAs')} ${session?.username ?? t('anonymousUser')}`}
        sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {session?.username ?? t('anonymousUser')}
      </Box>
      {showGetPro && (
        <PageLink to="/payments" testId="get-pro-link">
          {t('getPro')}
        </PageLink>
      )}
      <PageLink to="/chat" testId="back-to-chat">
        {t('backToChat')}
      </PageLink>
    </Box>
  );
}
