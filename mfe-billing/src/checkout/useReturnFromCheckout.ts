import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import { useT, useToast } from '@kasa/ui';
import { messages } from '../messages';

/**
 * Back from a checkout: `?success=true` (Stripe's return URL, the sandbox's approval) says
 * 'Welcome to Pro!'; `?payment=declined` (the sandbox's decline) or a failed Stripe redirect says
 * 'Payment Failed'. The status is fetched again and the query leaves the address bar, so a reload
 * does not repeat the toast.
 */
export function useReturnFromCheckout() {
  const t = useT(messages);
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const failed = params.get('payment') === 'declined' || params.get('redirect_status') === 'failed';
    const succeeded = !failed && params.get('success') === 'true';
    if (!failed && !succeeded) return;
    if (succeeded) toast({ title: t('welcomeToPro'), description: t('welcomeToProText') });
    else toast({ title: t('paymentFailed'), description: t('paymentDeclinedText'), variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
    navigate(pathname, { replace: true });
  }, [search, pathname, t, toast, queryClient, navigate]);
}
