import { SUBSCRIPTION_STATUS_REFRESH_MS, useSubscriptionStatus } from '@kasa/api-client';
import { Section, useT } from '@kasa/ui';
import { Loadable } from '../shared/Loadable';
import { BillingHistory } from './BillingHistory';
import { subscriptionMessages } from './messages';
import { PlanSummary } from './PlanSummary';
import { useBillingHistory } from './useBillingHistory';

/** Subscription: the plan and what it costs, then the payments we recorded (GET /api/account/billing-history). */
export function SubscriptionTab() {
  const t = useT(subscriptionMessages);
  const status = useSubscriptionStatus({ refreshMs: SUBSCRIPTION_STATUS_REFRESH_MS });
  const history = useBillingHistory();
  return (
    <>
      <Section variant="panel" title={t('planTitle')} testId="account-subscription">
        <Loadable query={status}>{(data) => <PlanSummary status={data} />}</Loadable>
      </Section>
      <Section variant="panel" title={t('historyTitle')} testId="account-billing-history">
        <Loadable query={history}>{(data) => <BillingHistory payments={data.payments} />}</Loadable>
      </Section>
    </>
  );
}
