import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanLimits } from '@kasa/contracts';
import {
  Box,
  Button,
  Section,
  formatUsd,
  formatXaf,
  useErrorText,
  useLanguage,
  useT,
  useToast,
} from '@kasa/ui';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import { messages } from '../messages';
import { MobileMoneyForm } from '../mobile-money/MobileMoneyForm';
import { SandboxApprovalLink } from '../shared/SandboxApprovalLink';
import { CardCheckout } from './CardCheckout';
import { createSubscription } from './checkout-api';
import { useCheckoutMethodParam } from './useCheckoutMethodParam';

/** The checkout closes 2 seconds after a mobile money request (docs/product.md#checkout). */
export const CHECKOUT_CLOSE_AFTER_REQUEST_MS = 2000;

type Method = 'card' | 'mobile_money';

/** On Basic (docs/product.md#checkout): the two pay buttons and the checkout card with Cancel. */
export function PaymentOptions({ pro }: { pro: PlanLimits }) {
  const t = useT(messages);
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Method | null>(null);
  const [awaitingApproval, setAwaitingApproval] = useState<{ sandboxCheckoutUrl?: string } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const refetchStatus = () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
  const close = () => {
    clearTimeout(closeTimer.current);
    setMethod(null);
    subscription.reset();
  };

  const subscription = useMutation({
    mutationFn: createSubscription,
    onSuccess: (created) => {
      if (created?.clientSecret) return;
      toast({ title: t('alreadySubscribed'), description: t('alreadySubscribedText') });
      setMethod(null);
      void refetchStatus();
    },
    onError: (error) => {
      toast({
        title: t('subscriptionError'),
        description: errorText(error, t('subscriptionErrorText')),
        variant: 'destructive',
      });
      setMethod(null);
    },
  });

  const cardPrice = formatUsd(pro.price, language);
  const mobileMoneyPrice = formatXaf(pro.priceXaf, language);

  const choose = (next: Method) => {
    clearTimeout(closeTimer.current);
    setMethod(next);
    // The card form needs the subscription's client secret: it is created when card is chosen.
    if (next === 'card' && !subscription.isPending && !subscription.data?.clientSecret) subscription.mutate();
  };

  // Arriving from a link that names the method (the chat's Payment Options): that checkout opens
  // at once and comes into view (on a phone it is below the usage and plan cards).
  const checkoutCard = useRef<HTMLElement>(null);
  const scrollToCheckout = useRef(false);
  useCheckoutMethodParam((linked) => {
    scrollToCheckout.current = true;
    choose(linked);
  });
  useEffect(() => {
    if (!method || !scrollToCheckout.current) return;
    scrollToCheckout.current = false;
    // jsdom (component tests) has no scrollIntoView.
    if (typeof checkoutCard.current?.scrollIntoView === 'function') {
      checkoutCard.current.scrollIntoView({ block: 'start' });
    }
  }, [method]);

  const onRequestSent = (sandboxCheckoutUrl?: string) => {
    setAwaitingApproval({ sandboxCheckoutUrl });
    void refetchStatus();
    closeTimer.current = setTimeout(() => setMethod(null), CHECKOUT_CLOSE_AFTER_REQUEST_MS);
  };

  return (
    <Section variant="panel" testId="payment-options" headingId="pay-title" title={t('payTitle')}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}>
        <Button
          data-testid="pay-card"
          variant={method === 'card' ? 'contained' : 'outlined'}
          color={method === 'card' ? 'primary' : 'secondary'}
          aria-pressed={method === 'card'}
          onClick={() => choose('card')}
          sx={{ minHeight: 48, flex: 1 }}
        >
          {t('payCard', { price: cardPrice })}
        </Button>
        <Button
          data-testid="pay-mobile-money"
          variant={method === 'mobile_money' ? 'contained' : 'outlined'}
          color={method === 'mobile_money' ? 'primary' : 'secondary'}
          aria-pressed={method === 'mobile_money'}
          onClick={() => choose('mobile_money')}
          sx={{ minHeight: 48, flex: 1 }}
        >
          {t('payMobileMoney', { price: mobileMoneyPrice })}
        </Button>
      </Box>

      {awaitingApproval && (
        <Box
          data-testid="mobile-money-awaiting"
          role="status"
          sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
        >
          {t('awaitingApproval')}
          {awaitingApproval.sandboxCheckoutUrl && (
            <Box>
              <SandboxApprovalLink
                href={awaitingApproval.sandboxCheckoutUrl}
                testId="awaiting-sandbox-link"
              />
            </Box>
          )}
        </Box>
      )}

      {method && (
        <Box
          component="section"
          ref={checkoutCard}
          data-testid="checkout-card"
          aria-labelledby="checkout-title"
          sx={{ mt: 2, p: 2, border: '2px solid', borderColor: 'primary.main', borderRadius: 2 }}
        >
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}
          >
            <Box component="h3" id="checkout-title" sx={{ m: 0, fontSize: '1.05rem', fontWeight: 700 }}>
              {t(method === 'card' ? 'checkoutCard' : 'checkoutMobileMoney')}
            </Box>
            <Button data-testid="checkout-cancel" color="inherit" onClick={close}>
              {t('cancel')}
            </Button>
          </Box>
          {method === 'card' ? (
            <CardCheckout
              pending={subscription.isPending}
              created={subscription.data}
              priceLabel={cardPrice}
            />
          ) : (
            <MobileMoneyForm onRequestSent={onRequestSent} />
          )}
        </Box>
      )}
    </Section>
  );
}
