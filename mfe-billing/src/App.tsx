import { useLocation } from 'react-router';
import { PageFrame, Section, useT } from '@kasa/ui';
import { messages } from './messages';

/** Subscription and payments (/subscription, /payments). Plans, usage and checkout arrive later. */
export default function BillingApp() {
  const { pathname } = useLocation();
  const t = useT(messages);
  const payments = pathname.startsWith('/payments');
  return (
    <PageFrame
      title={t('title')}
      subtitle={payments ? t('paymentsSubtitle') : t('subtitle')}
      testId="billing-page"
    >
      <Section title={t('planTitle')} testId="billing-plan">
        {t('planText')}
      </Section>
      <Section title={t('paymentsTitle')} testId="billing-payments">
        {t('paymentsText')}
      </Section>
    </PageFrame>
  );
}
