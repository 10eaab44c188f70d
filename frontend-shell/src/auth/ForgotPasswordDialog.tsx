import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import type { ForgotPasswordResponse, OkResponse, ResetPasswordRequest } from '@kasa/contracts';
import { ApiError, apiFetch } from '@kasa/api-client';
import { Box, Button, TextInput, useBackCloses, useErrorToast, useT, useToast } from '@kasa/ui';
import { isNetworkFailure } from './error-text';
import { authMessages } from './messages';
import { ResetSupportNote } from './ResetSupportNote';

/** Minimum password length on reset (docs/product.md#forgot-password). */
export const MIN_RESET_PASSWORD_LENGTH = 6;

type Step = 'username' | 'reset';

/**
 * Forgot password (docs/product.md#forgot-password): step 'username' asks the server,
 * which e-mails a 6-digit code; step 'reset' takes the code and the new password twice.
 * Loaded only when opened (it brings MUI's Dialog with it).
 */
export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(authMessages);
  const showErrorToast = useErrorToast();
  const { toast } = useToast();
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [emailHint, setEmailHint] = useState<string | undefined>();
  const [noEmail, setNoEmail] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const resetAll = () => {
    setStep('username');
    setUsername('');
    setEmailHint(undefined);
    setNoEmail(false);
    setCode('');
    setNewPassword('');
    setConfirmPassword('');
  };

  const close = () => {
    resetAll();
    onClose();
  };

  const verify = useMutation({
    mutationFn: (name: string) =>
      apiFetch<ForgotPasswordResponse>('/api/auth/forgot-password', {
        method: 'POST',
        body: { username: name },
      }),
    onSuccess: (answer) => {
      if (answer.ok && answer.canReset) {
        setEmailHint(answer.emailHint);
        setCode('');
        setStep('reset');
        toast({ title: t('usernameVerifiedTitle'), description: t('usernameVerifiedText') });
      } else {
        // The account exists but has no e-mail to prove it is theirs (docs/product.md#decisions).
        // The answer is a 200 without a code: its words are those of AUTH_RESET_UNAVAILABLE.
        setNoEmail(true);
        showErrorToast({
          title: t('resetUnavailableTitle'),
          error: { code: 'AUTH_RESET_UNAVAILABLE', message: answer.message },
        });
      }
    },
    onError: (error) => {
      if (isNetworkFailure(error)) {
        toast({ title: t('errorTitle'), description: t('verifyFailedText'), variant: 'destructive' });
      } else if (error instanceof ApiError && error.status === 404) {
        showErrorToast({ title: t('usernameNotFoundTitle'), error, fallback: t('usernameNotFoundText') });
      } else {
        showErrorToast({ title: t('errorTitle'), error, fallback: t('verifyFailedText') });
      }
    },
  });

  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiFetch<OkResponse>('/api/auth/reset-password', { method: 'POST', body }),
    onSuccess: () => {
      toast({ title: t('resetSuccessTitle'), description: t('resetSuccessText') });
      close();
    },
    onError: (error) => {
      if (isNetworkFailure(error))
        toast({ title: t('errorTitle'), description: t('resetFailedText'), variant: 'destructive' });
      else showErrorToast({ title: t('resetFailedTitle'), error, fallback: t('resetFailedText') });
    },
  });

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const name = username.trim();
    if (!name) {
      toast({
        title: t('usernameRequiredTitle'),
        description: t('usernameRequiredText'),
        variant: 'destructive',
      });
      return;
    }
    verify.mutate(name);
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      toast({ title: t('codeRequiredTitle'), description: t('codeRequiredText'), variant: 'destructive' });
      return;
    }
    if (newPassword !== confirmPassword) {
      toast({
        title: t('passwordsDontMatchTitle'),
        description: t('passwordsDontMatchText'),
        variant: 'destructive',
      });
      return;
    }
    if (newPassword.length < MIN_RESET_PASSWORD_LENGTH) {
      toast({
        title: t('passwordTooShortTitle'),
        description: t('passwordTooShortText'),
        variant: 'destructive',
      });
      return;
    }
    reset.mutate({ username: username.trim(), code: digits, newPassword });
  };

  const busy = verify.isPending || reset.isPending;
  // Back closes the dialog, not the page (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, close);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby="forgot-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { 'data-testid': 'forgot-dialog', 'data-step': step } as object }}
    >
      <Box sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box component="h2" id="forgot-title" sx={{ m: 0, mb: 1, fontSize: '1.3rem', fontWeight: 800 }}>
          {t('resetTitle')}
        </Box>
        {step === 'username' ? (
          <Box component="form" noValidate onSubmit={submitUsername} sx={formSx}>
            <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
              {t('resetUsernameIntro')}
            </Box>
            <TextInput
              label={t('username')}
              name="username"
              data-testid="forgot-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setNoEmail(false);
              }}
            />
            <Box sx={actionsSx}>
              <Button color="inherit" onClick={close} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                data-testid="forgot-continue"
                disabled={!username.trim() || busy}
              >
                {verify.isPending ? t('pleaseWait') : t('continue')}
              </Button>
            </Box>
            <ResetSupportNote noEmail={noEmail} />
          </Box>
        ) : (
          <Box component="form" noValidate onSubmit={submitReset} sx={formSx}>
            <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
              {emailHint ? t('resetCodeIntro', { email: emailHint }) : t('resetCodeIntroNoHint')}
            </Box>
            <TextInput
              label={t('code')}
              name="code"
              data-testid="forgot-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="[0-9]*"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <TextInput
              label={t('newPassword')}
              name="new-password"
              type="password"
              data-testid="forgot-new-password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <TextInput
              label={t('confirmPassword')}
              name="confirm-password"
              type="password"
              data-testid="forgot-confirm-password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
            <Box sx={actionsSx}>
              <Button
                color="inherit"
                data-testid="forgot-back"
                onClick={() => setStep('username')}
                disabled={busy}
              >
                {t('back')}
              </Button>
              <Button type="submit" variant="contained" data-testid="forgot-reset" disabled={busy}>
                {reset.isPending ? t('pleaseWait') : t('resetSubmit')}
              </Button>
            </Box>
            <Button
              color="inherit"
              size="small"
              data-testid="forgot-resend"
              disabled={busy}
              onClick={() => verify.mutate(username.trim())}
              sx={{ alignSelf: 'center', textDecoration: 'underline' }}
            >
              {t('sendNewCode')}
            </Button>
          </Box>
        )}
      </Box>
    </Dialog>
  );
}

const formSx = { display: 'flex', flexDirection: 'column', gap: 2 } as const;
const actionsSx = { display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' } as const;
