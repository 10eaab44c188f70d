import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, TwoFactorLoginRequest } from '@kasa/contracts';
import { ApiError, apiFetch } from '@kasa/api-client';
import { Box, Button, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { authMessages } from './messages';

/**
 * The second sign-in step when the account has two-factor sign-in: a code from the authenticator
 * app or a backup code, sent with the challenge POST /api/auth/login answered. `onToken` takes
 * the same path as a one-step sign-in. An expired or revoked challenge goes back to the password.
 */
export function TwoFactorStep({
  challenge,
  onToken,
  onBack,
}: {
  challenge: string;
  onToken: (token: string) => Promise<void>;
  onBack: () => void;
}) {
  const t = useT(authMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const [code, setCode] = useState('');
  // A phone's numeric keypad has no letters: a backup code needs the full keyboard.
  const [backupCode, setBackupCode] = useState(false);

  const verify = useMutation({
    mutationFn: async (body: TwoFactorLoginRequest) => {
      const answer = await apiFetch<Partial<AuthResponse>>('/api/auth/login/two-factor', {
        method: 'POST',
        body,
      });
      if (!answer?.token) throw new Error(t('noToken'));
      return answer.token;
    },
    onSuccess: onToken,
    onError: (error) => {
      toast({
        title: t('authFailedTitle'),
        description: errorText(error, t('twoFactorFailedText')),
        variant: 'destructive',
      });
      if (error instanceof ApiError && error.code === 'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED') onBack();
      else setCode('');
    },
  });

  const trimmed = code.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || !trimmed) return;
    // Digits typed with spaces ('123 456') are one code; a backup code keeps its dash.
    const sent = /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s+/g, '') : trimmed.toLowerCase();
    verify.mutate({ challenge, code: sent });
  };

  return (
    <Box data-testid="two-factor-step">
      <Box component="h2" id="auth-heading" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 800 }}>
        {t('twoFactorHeading')}
      </Box>
      <Box component="p" sx={{ mt: 0.5, mb: 2, color: 'text.secondary' }}>
        {t('twoFactorIntro')}
      </Box>
      <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextInput
          label={t(backupCode ? 'twoFactorBackupCode' : 'twoFactorCode')}
          name="code"
          data-testid="two-factor-code"
          inputMode={backupCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          maxLength={16}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={t(backupCode ? 'twoFactorBackupHint' : 'twoFactorHint')}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          data-testid="two-factor-submit"
          disabled={verify.isPending || !trimmed}
          sx={{ minHeight: 48, fontWeight: 700 }}
        >
          {verify.isPending ? t('pleaseWait') : t('twoFactorSubmit')}
        </Button>
      </Box>
      <Box sx={{ mt: 1.5, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Button
          color="inherit"
          data-testid="two-factor-use-backup"
          onClick={() => setBackupCode(!backupCode)}
        >
          {t(backupCode ? 'twoFactorUseApp' : 'twoFactorUseBackup')}
        </Button>
        <Button
          color="inherit"
          data-testid="two-factor-back"
          onClick={onBack}
          sx={{ textDecoration: 'underline' }}
        >
          {t('twoFactorBack')}
        </Button>
      </Box>
    </Box>
  );
}
