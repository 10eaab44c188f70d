// Loaded lazily, in its own chunk, only when the card form opens with the 'stripe' engine: Stripe's
// JavaScript never weighs on the other pages (docs/architecture.md#performance-budgets).
import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Box, Button, useLanguage, useT, useToast } from '@kasa/ui';
import { messages } from '../messages';

/** Card confirmation returns to /subscription?success=true (docs/product.md#checkout). */
export function stripeReturnUrl(origin: string): string {
  return `${origin}/subscription?success=true`;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFormProps {
  clientSecret: string;
  publishableKey: string;
  priceLabel: string;
}

export default function StripeCardForm({ clientSecret, publishableKey, priceLabel }: StripeCardFormProps) {
  const { language } = useLanguage();
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, locale: language }}>
      <ConfirmCardPayment priceLabel={priceLabel} />
    </Elements>
  );
}

function ConfirmCardPayment({ priceLabel }: { priceLabel: string }) {
  const t = useT(messages);
  const { toast } = useToast();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    try {
      // On success the browser leaves for the return URL; an answer here is a failure.
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: stripeReturnUrl(window.location.origin) },
      });
      toast({
        title: t('paymentFailed'),
        description: error.message || t('paymentErrorText'),
        variant: 'destructive',
      });
    } catch {
      toast({ title: t('paymentError'), description: t('paymentErrorText'), variant: 'destructive' });
    } finally {
      setPaying(false);
    }
  };

  return (
    <Box component="form" data-testid="stripe-card-form" onSubmit={(e) => void pay(e)}>
      <PaymentElement />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={!stripe || !elements || paying}
        sx={{ mt: 2, minHeight: 48 }}
      >
        {paying ? t('paying') : t('payNow', { price: priceLabel })}
      </Button>
    </Box>
  );
}
