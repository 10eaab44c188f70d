import { Box, hasSupportContacts, SupportContacts, useAppInfo, useT } from '@kasa/ui';
import { authMessages } from './messages';

/**
 * The way out for an account without e-mail (docs/product.md#forgot-password): no code can reach
 * it, so a person has to help. The operator's support contacts when configured, else whoever
 * runs this server. `noEmail`: the server just answered that the account has no e-mail.
 */
export function ResetSupportNote({ noEmail }: { noEmail: boolean }) {
  const t = useT(authMessages);
  const { appName, support } = useAppInfo();
  const contacts = hasSupportContacts(support);
  return (
    <Box
      data-testid="forgot-support"
      data-no-email={noEmail}
      aria-live="polite"
      sx={{
        fontSize: '0.9rem',
        color: noEmail ? 'text.primary' : 'text.secondary',
        ...(noEmail && { p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 1 }),
      }}
    >
      <Box component="p" sx={{ m: 0 }}>
        {t(noEmail ? 'resetNoEmailAnswer' : 'resetNoEmailQuestion')}{' '}
        {contacts ? t('resetContactSupport') : t('resetContactOperator', { appName })}
      </Box>
      <SupportContacts testId="forgot-support-contacts" />
    </Box>
  );
}
