import type { SubscriptionStatus } from '@kasa/contracts';
import { useCurrentUser } from '@kasa/api-client';
import { Badge, Box, PageLink, useErrorText, useT } from '@kasa/ui';
import { overviewMessages } from './messages';

/** 'Welcome, {username}', the e-mail, the plan badge and the way to the subscription page. */
export function WelcomeBanner({ status }: { status: SubscriptionStatus | undefined }) {
  const t = useT(overviewMessages);
  const { data: user, isPending, isError, error } = useCurrentUser();
  const errorText = useErrorText(error);
  return (
    <Box
      component="section"
      data-testid="account-welcome"
      sx={{ p: 2, mb: 2, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {user ? (
        <>
          <Box component="h2" sx={{ m: 0, fontSize: '1.3rem', fontWeight: 800, overflowWrap: 'anywhere' }}>
            {t('welcome', { username: user.username })}
          </Box>
          <Box component="p" data-testid="account-email" sx={{ m: 0, mt: 0.5, overflowWrap: 'anywhere' }}>
            {user.email ?? t('noEmail')}
          </Box>
        </>
      ) : (
        <Box component="p" role={isError ? 'alert' : 'status'} sx={{ m: 0 }}>
          {isPending ? t('profileLoading') : isError ? errorText(error, t('profileFailed')) : t('signedOut')}
        </Box>
      )}
      <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {status && (
          <Badge variant="secondary" size="small" testId="account-plan-badge">
            {status.planLimits[status.plan].name}
          </Badge>
        )}
        <Box sx={{ '& a': { color: 'inherit' } }}>
          <PageLink to="/subscription" testId="manage-subscription-link">
            {t('manageSubscription')}
          </PageLink>
        </Box>
      </Box>
    </Box>
  );
}
