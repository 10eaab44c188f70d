// Above the chat input, for a Basic user who has used 80 % or more of a monthly allowance
// (docs/product.md#usage-meters): how much, and the 'Payment Options' link that opens the dialog. Nothing on Pro, below
// 80 % or while the status is unknown. The dialog's code loads only when it is first opened.
import { lazy, Suspense, useState } from 'react';
import { useSubscriptionStatus } from '@kasa/api-client';
import { Box, ButtonBase, useT } from '@kasa/ui';
import { warningMessages } from './messages';
import { usageWarning } from './usage-warning';

const loadDialog = () => import('./PaymentOptionsDialog');
const PaymentOptionsDialog = lazy(loadDialog);

export function UsageWarningBanner() {
  const t = useT(warningMessages);
  const status = useSubscriptionStatus();
  const warning = usageWarning(status.data);
  // Mounted from the first opening on, so closing plays MUI's exit and focus goes back to the link.
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);

  if (!warning || !status.data) return null;
  const pro = status.data.planLimits.PRO_PLAN;
  return (
    <Box
      data-testid="usage-warning"
      data-feature={warning.feature}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.25,
        mb: 0.75,
        px: 1.5,
        py: 0.5,
        borderRadius: 1,
        borderLeft: '4px solid',
        borderColor: 'warning.main',
        bgcolor: 'action.hover',
        fontSize: '0.875rem',
      }}
    >
      <Box component="span" data-testid="usage-warning-text">
        {t('usedPercent', { percent: warning.percent, feature: t(warning.feature) })}
      </Box>
      <ButtonBase
        data-testid="payment-options-link"
        aria-haspopup="dialog"
        // Fetch the dialog's code as soon as the pointer or focus gets there, before the tap.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        sx={{
          minHeight: 32,
          font: 'inherit',
          fontWeight: 700,
          color: 'ink',
          textDecoration: 'underline',
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 2 },
        }}
      >
        {t('paymentOptions')}
      </ButtonBase>
      {mounted && (
        <Suspense fallback={null}>
          <PaymentOptionsDialog open={open} onClose={() => setOpen(false)} pro={pro} />
        </Suspense>
      )}
    </Box>
  );
}
