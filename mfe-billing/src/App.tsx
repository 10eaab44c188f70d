import { useLocation } from 'react-router';
import { PageFrame, Section } from '@kasa/ui';

/** Subscription and payments (/subscription, /payments). Plans, usage and checkout arrive later. */
export default function BillingApp() {
  const { pathname } = useLocation();
  const payments = pathname.startsWith('/payments');
  return (
    <PageFrame
      title="Plans and usage"
      subtitle={payments ? 'Payments' : 'Your subscription and monthly usage.'}
      testId="billing-page"
    >
      <Section title="Your plan" testId="billing-plan">
        Your current plan and this month&apos;s usage will show here. Not connected yet.
      </Section>
      <Section title="Payments" testId="billing-payments">
        Pay by card or by mobile money (MTN, Orange). Not connected yet.
      </Section>
    </PageFrame>
  );
}
