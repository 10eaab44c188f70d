import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import type { ActiveSubscription } from '@kasa/contracts';
import {
  Badge,
  Box,
  Button,
  Section,
  formatLongDate,
  useErrorText,
  useLanguage,
  useT,
  useToast,
} from '@kasa/ui';
import { messages } from '../messages';
import { cancelSubscription } from './plan-api';

/** On Pro (docs/product.md#subscription-page): the Current Plan badge, how long Pro lasts, and Cancel Subscription when it renews. */
export function ProPlanPanel({
  planName,
  subscription,
}: {
  planName: string;
  subscription: ActiveSubscription | null;
}) {
  const t = useT(messages);
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () =>
      toast({ title: t('subscriptionCancelled'), description: t('subscriptionCancelledText') }),
    onError: (error) =>
      toast({
        title: t('cancellationError'),
        description: errorText(error, t('cancellationErrorText')),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
  });

  const date = subscription ? formatLongDate(subscription.currentPeriodEnd, language) : '';
  let periodLine = '';
  if (subscription?.cancelAtPeriodEnd) periodLine = t('endsOn', { date });
  else if (subscription?.cancellable) periodLine = t('renewsOn', { date });
  else if (subscription) periodLine = t('passUntil', { date });

  return (
    <Section
      variant="panel"
      testId="pro-plan-panel"
      headingId="pro-title"
      title={
        <>
          {planName} <Badge testId="pro-current-plan">{t('currentPlan')}</Badge>
        </>
      }
    >
      {periodLine && (
        <Box component="p" data-testid="pro-period" sx={{ mt: 0, color: 'text.secondary' }}>
          {periodLine}
        </Box>
      )}
      {subscription?.cancellable && !subscription.cancelAtPeriodEnd && (
        <Button
          data-testid="cancel-subscription"
          variant="outlined"
          color="error"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? t('cancelling') : t('cancelSubscription')}
        </Button>
      )}
    </Section>
  );
}
