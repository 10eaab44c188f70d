// Opens the chat's Payment Options dialog (payment-options/) from anywhere on the screen (the model
// picker's Pro models). Its code loads with the first opening. Without the plan prices yet (the
// status never loaded: offline, or an error), the subscription page shows the same choices.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSubscriptionStatus } from '@kasa/api-client';

const PaymentOptionsDialog = lazy(() => import('../payment-options/PaymentOptionsDialog'));

export function usePaymentOptionsDialog(): { open: () => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const pro = useSubscriptionStatus().data?.planLimits.PRO_PLAN;
  const [mounted, setMounted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback(() => {
    if (!pro) {
      void navigate('/subscription');
      return;
    }
    setMounted(true);
    setIsOpen(true);
  }, [pro, navigate]);
  const dialog =
    mounted && pro ? (
      <Suspense fallback={null}>
        <PaymentOptionsDialog open={isOpen} onClose={() => setIsOpen(false)} pro={pro} />
      </Suspense>
    ) : null;
  return { open, dialog };
}
