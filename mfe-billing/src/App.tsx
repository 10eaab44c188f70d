import { useLocation } from 'react-router';
import { SUBSCRIPTION_STATUS_REFRESH_MS, useSubscriptionStatus } from '@kasa/api-client';
import { Badge, Box, ErrorPanel, PageFrame, useT } from '@kasa/ui';
import { PaymentOptions } from './checkout/PaymentOptions';
import { useReturnFromCheckout } from './checkout/useReturnFromCheckout';
import { messages } from './messages';
import { PlanComparison } from './plan/PlanComparison';
import { ProPlanPanel } from './plan/ProPlanPanel';
import { BillingHeader } from './shared/BillingHeader';
import { HelpCard } from './shared/HelpCard';
import { UsageOverview } from './usage/UsageOverview';

/**
 * /subscription (docs/product.md#subscription-page): plan, usage, Basic vs Pro, payment or cancellation,
 * help. /payments is the same page without the usage overview: the plan choice and how to pay.
 */
export default function BillingApp() {
  const { pathname } = useLocation();
  const t = useT(messages);
  const paymentsPage = pathname.startsWith('/payments');
  const status = useSubscriptionStatus({ refreshMs: SUBSCRIPTION_STATUS_REFRESH_MS });
  useReturnFromCheckout();

  const data = status.data;
  const pro = data?.plan === 'PRO_PLAN';
  return (
    <PageFrame
      title={paymentsPage ? t('paymentsTitle') : t('title')}
      subtitle={paymentsPage ? t('paymentsSubtitle') : t('subtitle')}
      testId="billing-page"
    >
      <BillingHeader showGetPro={!pro && !paymentsPage} />
      {status.isPending ? (
        <Box component="p" role="status" sx={{ color: 'text.secondary' }}>
          {t('loading')}
        </Box>
      ) : !data ? (
        <ErrorPanel
          title={t('statusFailed')}
          detail={status.error?.message}
          testId="billing-status-error"
          retryTestId="billing-status-retry"
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <Badge testId="current-plan-badge">
              {t('currentPlanBadge', { plan: data.planLimits[data.plan].name })}
            </Badge>
          </Box>
          {!paymentsPage && <UsageOverview status={data} />}
          <PlanComparison planLimits={data.planLimits} currentPlan={data.plan} />
          {pro ? (
            <ProPlanPanel planName={data.planLimits.PRO_PLAN.name} subscription={data.subscription} />
          ) : (
            <PaymentOptions pro={data.planLimits.PRO_PLAN} />
          )}
          {!paymentsPage && <HelpCard plan={data.plan} />}
        </>
      )}
    </PageFrame>
  );
}
