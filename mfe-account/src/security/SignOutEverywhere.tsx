import { useMutation } from '@tanstack/react-query';
import { Box, Button, Section, useErrorText, useT, useToast } from '@kasa/ui';
import { useEndSession } from '../shared/useEndSession';
import { signOutEverywhere } from './security-api';
import { securityMessages } from './messages';

/** POST /api/auth/logout revokes every token of the account; then this browser forgets its own. */
export function SignOutEverywhere() {
  const t = useT(securityMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const endSession = useEndSession();
  const signOut = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => endSession(),
    // Not signed out locally on failure: the other devices would still be signed in, unknown to the user.
    onError: (error) =>
      toast({
        title: t('signOutFailed'),
        description: errorText(error, t('signOutFailedText')),
        variant: 'destructive',
      }),
  });
  return (
    <Section variant="panel" title={t('signOutTitle')} testId="account-sign-out-everywhere">
      <Box component="p" sx={{ mt: 0 }}>
        {t('signOutExplain')}
      </Box>
      <Button
        variant="outlined"
        color="inherit"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
        data-testid="sign-out-everywhere"
      >
        {signOut.isPending ? t('signingOut') : t('signOutEverywhere')}
      </Button>
    </Section>
  );
}
