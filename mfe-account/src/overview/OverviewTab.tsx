import { SUBSCRIPTION_STATUS_REFRESH_MS, useSubscriptionStatus } from '@kasa/api-client';
import { Loadable } from '../shared/Loadable';
import { AddEmailNudge } from './AddEmailNudge';
import { QuickActions } from './QuickActions';
import { UsageMeters } from './UsageMeters';
import { WelcomeBanner } from './WelcomeBanner';

/**
 * Overview: who is signed in (and, without an e-mail, the nudge to add one), the plan, this
 * month's usage (refreshed every 30 s), quick actions.
 */
export function OverviewTab() {
  const status = useSubscriptionStatus({ refreshMs: SUBSCRIPTION_STATUS_REFRESH_MS });
  return (
    <>
      <WelcomeBanner status={status.data} />
      <AddEmailNudge />
      <Loadable query={status} testId="account-usage-error">
        {(data) => <UsageMeters status={data} />}
      </Loadable>
      <QuickActions plan={status.data?.plan} />
    </>
  );
}
