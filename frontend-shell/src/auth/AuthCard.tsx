import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AuthResponse,
  isTwoFactorChallenge,
  type LoginRequest,
  type RegisterRequest,
} from '@kasa/contracts';
import { CURRENT_USER_QUERY_KEY, apiFetch, storeAuthToken } from '@kasa/api-client';
import { Button, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { useScheduleRedirect } from './auth-redirect';
import { authMessages } from './messages';
import { TwoFactorStep } from './TwoFactorStep';

export type AuthMode = 'signin' | 'signup';

/** Either answer shape is accepted: `token` or `user.token`. */
type AuthAnswer = Partial<AuthResponse> & { user?: { token?: string } };

class NoTokenError extends Error {}

/** What the first step gives: a session token, or (2FA on) a challenge for the second step. */
type FirstStep = { token: string } | { challenge: string };

/**
 * The sign-in / sign-up card (docs/product.md#landing-and-sign-in): starts in sign-in mode; while submitting the button
 * is disabled and reads 'Please wait...'; on success the token is stored, the current-user query
 * invalidated, a toast shown, and /chat follows after about 500 ms. An account with two-factor
 * sign-in answers a challenge instead: the card then asks for a code (TwoFactorStep).
 */
export function AuthCard({ onForgotPassword }: { onForgotPassword: () => void }) {
  const t = useT(authMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const scheduleRedirect = useScheduleRedirect();
  const [mode, setMode] = useState<AuthMode>('signin');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = async (token: string, signIn: boolean) => {
    storeAuthToken(token);
    toast({
      title: t(signIn ? 'loginSuccessTitle' : 'registerSuccessTitle'),
      description: t(signIn ? 'loginSuccessText' : 'registerSuccessText'),
    });
    scheduleRedirect('/chat');
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  };

  const submit = useMutation({
    mutationFn: async (request: {
      mode: AuthMode;
      body: LoginRequest | RegisterRequest;
    }): Promise<FirstStep> => {
      const path = request.mode === 'signin' ? '/api/auth/login' : '/api/auth/register';
      const answer = await apiFetch<unknown>(path, { method: 'POST', body: request.body });
      if (request.mode === 'signin' && isTwoFactorChallenge(answer)) return { challenge: answer.challenge };
      const session = answer as AuthAnswer | null;
      const token = session?.token ?? session?.user?.token;
      if (!token) throw new NoTokenError(t('noToken'));
      return { token };
    },
    onSuccess: async (step, request) => {
      if ('challenge' in step) {
        setChallenge(step.challenge);
        return;
      }
      await signedIn(step.token, request.mode === 'signin');
    },
    onError: (error) => {
      toast({
        title: t('authFailedTitle'),
        description: error instanceof NoTokenError ? error.message : errorText(error, t('authFailedText')),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const name = username.trim();
    const body: LoginRequest | RegisterRequest =
      mode === 'signin'
        ? { username: name, password }
        : { username: name, password, ...(email.trim() ? { email: email.trim() } : {}) };
    submit.mutate({ mode, body });
  };

  const backToPassword = () => {
    setChallenge(null);
    setPassword('');
  };

  const signUp = mode === 'signup';
  if (challenge)
    return (
      <section
        data-testid="auth-card"
        data-mode="two-factor"
        aria-labelledby="auth-heading"
        className="kasa-auth-card"
      >
        <TwoFactorStep
          challenge={challenge}
          onToken={(token) => signedIn(token, true)}
          onBack={backToPassword}
        />
      </section>
    );
  // Static classes (@kasa/ui's static.css), not `sx`: the card is on the first screen.
  return (
    <section
      data-testid="auth-card"
      data-mode={mode}
      aria-labelledby="auth-heading"
      className="kasa-auth-card"
    >
      <h2 id="auth-heading" className="kasa-auth-heading">
        {t(signUp ? 'signUpHeading' : 'signInHeading')}
      </h2>
      <p className="kasa-auth-subtitle">{t(signUp ? 'signUpSubtitle' : 'signInSubtitle')}</p>
      <form onSubmit={onSubmit} className="kasa-auth-form">
        <TextInput
          label={t('username')}
          name="username"
          data-testid="auth-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          hint={signUp ? t('usernameHint') : undefined}
        />
        {signUp && (
          <TextInput
            label={t('email')}
            name="email"
            type="email"
            data-testid="auth-email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={t('emailHint')}
          />
        )}
        <TextInput
          label={t('password')}
          name="password"
          type="password"
          data-testid="auth-password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={signUp ? t('passwordHint') : undefined}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          data-testid="auth-submit"
          disabled={submit.isPending}
          sx={{ minHeight: 48, fontWeight: 700 }}
        >
          {submit.isPending ? t('pleaseWait') : t(signUp ? 'signUpSubmit' : 'signInSubmit')}
        </Button>
      </form>
      <div className="kasa-auth-links">
        <Button
          color="inherit"
          data-testid="auth-toggle-mode"
          onClick={() => setMode(signUp ? 'signin' : 'signup')}
          sx={{ textDecoration: 'underline' }}
        >
          {t(signUp ? 'toSignIn' : 'toSignUp')}
        </Button>
        {!signUp && (
          <Button color="inherit" data-testid="forgot-password" onClick={onForgotPassword}>
            {t('forgotPassword')}
          </Button>
        )}
      </div>
    </section>
  );
}
