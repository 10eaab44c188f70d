import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from '@kasa/api-client';
import type { AccountSecurity } from '@kasa/contracts';
import { Box, Button, Section, formatLongDate, useErrorText, useLanguage, useT, useToast } from '@kasa/ui';
import { securityMessages } from './messages';
import { setupTwoFactor } from './security-api';
import type { TwoFactorAction } from './TwoFactorDialog';

const TwoFactorDialog = lazy(() => import('./TwoFactorDialog'));

/** Two-factor sign-in: whether it is on, and the way to turn it on or off or renew the backup codes. */
export function TwoFactorCard({ security }: { security: AccountSecurity }) {
  const t = useT(securityMessages);
  const { language } = useLanguage();
  const { toast } = useToast();
  const errorText = useErrorText();
  const { data: user } = useCurrentUser();
  const [action, setAction] = useState<TwoFactorAction | null>(null);
  const { enabled, enabledAt, backupCodesLeft } = security.twoFactor;

  // Set up from the click, not from an effect in the dialog: one new secret per tap.
  const setup = useMutation({
    mutationFn: setupTwoFactor,
    onSuccess: (answer) => setAction({ kind: 'enrol', setup: answer }),
    onError: (error) =>
      toast({ title: t('setupFailed'), description: errorText(error), variant: 'destructive' }),
  });

  return (
    <Section variant="panel" title={t('twoFactorTitle')} testId="account-two-factor">
      <Box component="p" sx={{ mt: 0 }}>
        {t('twoFactorExplain')}
      </Box>
      <Box data-testid="two-factor-status" data-enabled={enabled} sx={{ fontWeight: 700 }}>
        {enabled && enabledAt
          ? t('twoFactorOnSince', { date: formatLongDate(enabledAt, language) })
          : t('twoFactorOff')}
      </Box>
      {enabled && (
        <Box data-testid="backup-codes-left" sx={{ color: 'text.secondary' }}>
          {t('backupCodesLeft', { count: backupCodesLeft })}
        </Box>
      )}
      <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {enabled ? (
          <>
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => setAction({ kind: 'renew' })}
              data-testid="two-factor-renew"
            >
              {t('newBackupCodes')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => setAction({ kind: 'disable' })}
              data-testid="two-factor-disable"
            >
              {t('disable')}
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={setup.isPending}
            onClick={() => setup.mutate()}
            data-testid="two-factor-enable"
          >
            {setup.isPending ? t('enabling') : t('enable')}
          </Button>
        )}
      </Box>
      {action && (
        <Suspense fallback={null}>
          <TwoFactorDialog action={action} username={user?.username ?? ''} onClose={() => setAction(null)} />
        </Suspense>
      )}
    </Section>
  );
}
