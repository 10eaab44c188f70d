import { lazy, Suspense } from 'react';
import type { CreateSubscriptionResponse } from '@kasa/contracts';
import { Box, Button, useAppInfo, useLanguage, useT } from '@kasa/ui';
import { messages } from '../messages';
import { sandboxPageHref } from '../shared/sandbox-page-href';

// Stripe's JavaScript loads only when a Stripe card form opens (its own chunk).
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * The card step once the subscription exists: Stripe's Payment Element when Stripe runs, else the
 * sandbox panel leading to the local approve / decline page.
 */
export function CardCheckout({
  pending,
  created,
  priceLabel,
}: {
  pending: boolean;
  created: CreateSubscriptionResponse | undefined;
  priceLabel: string;
}) {
  const t = useT(messages);
  const { language } = useLanguage();
  const { payments } = useAppInfo();
  if (pending || !created?.clientSecret) {
    return (
      <Box component="p" role="status" sx={{ m: 0, color: 'text.secondary' }}>
        {t('preparingCheckout')}
      </Box>
    );
  }
  if (payments.card === 'stripe' && payments.stripePublishableKey) {
    return (
      <Suspense
        fallback={
          <Box component="p" role="status" sx={{ m: 0, color: 'text.secondary' }}>
            {t('loadingCardForm')}
          </Box>
        }
      >
        <StripeCardForm
          clientSecret={created.clientSecret}
          publishableKey={payments.stripePublishableKey}
          priceLabel={priceLabel}
        />
      </Suspense>
    );
  }
  return (
    <Box data-testid="sandbox-card-panel">
      <Box component="h4" sx={{ m: 0, mb: 1, fontSize: '1rem', fontWeight: 700 }}>
        {t('sandboxCardTitle')}
      </Box>
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {t('sandboxCardText')}
      </Box>
      {created.checkoutUrl ? (
        <Button
          href={sandboxPageHref(created.checkoutUrl, language)}
          variant="contained"
          fullWidth
          data-testid="sandbox-card-continue"
          sx={{ minHeight: 48 }}
        >
          {t('sandboxCardContinue')}
        </Button>
      ) : (
        <Box component="p" role="alert" sx={{ m: 0, color: 'error.main', fontWeight: 600 }}>
          {t('paymentErrorText')}
        </Box>
      )}
    </Box>
  );
}
