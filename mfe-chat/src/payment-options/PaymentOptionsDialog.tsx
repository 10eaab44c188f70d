// The chat screen's 'Payment Options' dialog (docs/product.md#chat-screen): the Pro price and the two ways to pay, each
// leading to the checkout on /subscription with that method already open (mfe-billing reads ?method=).
// Loaded lazily, with the first opening: most chat visits never need it.
import { Link } from 'react-router';
import { UNLIMITED, type PaymentMethod, type PlanLimits, type UsageFeature } from '@kasa/contracts';
import { Box, Button, formatUsd, formatXaf, shownAmount, useLanguage, useT } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { paymentDialogMessages } from './dialog-messages';

/** Where each choice leads: the subscription page opens that checkout at once. */
export const CHECKOUT_LINKS: Record<PaymentMethod, string> = {
  card: '/subscription?method=card',
  mobile_money: '/subscription?method=mobile_money',
};

export default function PaymentOptionsDialog({
  open,
  onClose,
  pro,
}: {
  open: boolean;
  onClose: () => void;
  pro: PlanLimits;
}) {
  const t = useT(paymentDialogMessages);
  const { language } = useLanguage();
  const usd = formatUsd(pro.price, language);
  const xaf = formatXaf(pro.priceXaf, language);
  // The month's allowance as the meters show it (voice in whole minutes), or null when unlimited.
  const allowance = (feature: UsageFeature) =>
    pro[feature] === UNLIMITED
      ? null
      : shownAmount(feature, pro[feature]).toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US');
  const messages = allowance('messagesPerMonth');
  const media = allowance('mediaGenerationsPerMonth');
  const voice = allowance('voiceMinutesPerMonth');

  return (
    <DialogFrame open={open} onClose={onClose} title={t('title')} testId="payment-options-dialog">
      <Box component="p" data-testid="payment-options-price" sx={{ mt: 0, mb: 1, fontWeight: 700 }}>
        {t('price', { usd, xaf })}
      </Box>
      <Box component="p" sx={{ mt: 0, mb: 2, color: 'text.secondary' }}>
        {t('proGives', {
          messages: messages === null ? t('unlimitedMessages') : t('messages', { count: messages }),
          media: media === null ? t('unlimitedMedia') : t('media', { count: media }),
          voice: voice === null ? t('unlimitedVoice') : t('voice', { count: voice }),
        })}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Choice
          to={CHECKOUT_LINKS.card}
          testId="payment-options-card"
          label={t('payCard', { price: usd })}
          hint={t('cardHint')}
          onPick={onClose}
        />
        <Choice
          to={CHECKOUT_LINKS.mobile_money}
          testId="payment-options-mobile-money"
          label={t('payMobileMoney', { price: xaf })}
          hint={t('mobileMoneyHint')}
          onPick={onClose}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button color="inherit" onClick={onClose} data-testid="payment-options-cancel">
          {t('cancel')}
        </Button>
      </Box>
    </DialogFrame>
  );
}

function Choice({
  to,
  testId,
  label,
  hint,
  onPick,
}: {
  to: string;
  testId: string;
  label: string;
  hint: string;
  onPick: () => void;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="outlined"
      data-testid={testId}
      onClick={onPick}
      sx={{
        minHeight: 56,
        flexDirection: 'column',
        alignItems: 'flex-start',
        textAlign: 'left',
        textTransform: 'none',
      }}
    >
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
        {hint}
      </Box>
    </Button>
  );
}
