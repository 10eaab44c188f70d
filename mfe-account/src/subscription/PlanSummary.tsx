import type { SubscriptionStatus } from '@kasa/contracts';
import { Box, PageLink, formatLongDate, formatUsd, formatXaf, useLanguage, useT } from '@kasa/ui';
import { subscriptionMessages } from './messages';

/** Plan type, its cost as the user pays it, and when Pro renews or ends. */
export function PlanSummary({ status }: { status: SubscriptionStatus }) {
  const t = useT(subscriptionMessages);
  const { language } = useLanguage();
  const plan = status.planLimits[status.plan];
  const sub = status.subscription;
  const pro = status.plan === 'PRO_PLAN';
  const cost = !pro
    ? t('free')
    : t('perMonth', {
        price:
          sub?.method === 'mobile_money'
            ? formatXaf(plan.priceXaf, language)
            : formatUsd(plan.price, language),
      });
  // A mobile-money pass never renews: it simply ends.
  const ends = sub && (sub.cancelAtPeriodEnd || sub.method === 'mobile_money');
  return (
    <>
      <Box
        component="dl"
        data-testid="account-plan"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <Box component="dt">{t('planType')}</Box>
        <Box component="dd" data-testid="account-plan-type" sx={{ m: 0, fontWeight: 700 }}>
          {plan.name}
        </Box>
        <Box component="dt">{t('cost')}</Box>
        <Box component="dd" data-testid="account-plan-cost" sx={{ m: 0, fontWeight: 700 }}>
          {cost}
        </Box>
      </Box>
      {pro && sub && (
        <Box component="p" data-testid="account-plan-period" sx={{ mb: 0 }}>
          {t(ends ? 'endsOn' : 'renewsOn', { date: formatLongDate(sub.currentPeriodEnd, language) })}
        </Box>
      )}
      <PageLink to="/subscription" testId="account-manage-subscription">
        {t('manage')}
      </PageLink>
    </>
  );
}
