import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, storeAuthToken } from '@kasa/api-client';
import type { AccountSecurity } from '@kasa/contracts';
import {
  Box,
  Button,
  Section,
  TextInput,
  formatLongDate,
  useErrorText,
  useLanguage,
  useT,
  useToast,
} from '@kasa/ui';
import { SECURITY_QUERY_KEY } from '../shared/account-api';
import { calendarDaysAgo } from '../shared/dates';
import { changePassword } from './security-api';
import { securityMessages } from './messages';
import { MIN_PASSWORD_LENGTH, passwordProblem, type PasswordProblem } from './password-rules';

const PROBLEM_DETAIL: Record<
  PasswordProblem,
  'currentRequired' | 'passwordTooShortText' | 'passwordsDontMatchText'
> = {
  currentRequired: 'currentRequired',
  passwordTooShort: 'passwordTooShortText',
  passwordsDontMatch: 'passwordsDontMatchText',
};

/**
 * Change Password. The server revokes every older token (docs/product.md#sessions) and answers with a new
 * one, which replaces the stored token so this browser stays signed in.
 */
export function ChangePassword({ security }: { security: AccountSecurity | undefined }) {
  const t = useT(securityMessages);
  const { language } = useLanguage();
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async ({ token, user }) => {
      storeAuthToken(token);
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast({ title: t('passwordChanged'), description: t('passwordChangedText') });
      await queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: t('changeFailed'),
        description: errorText(error, t('changeFailedText')),
        variant: 'destructive',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(current, next, confirm);
    setProblem(found);
    if (!found) change.mutate({ currentPassword: current, newPassword: next });
  };

  const changedAt = security?.passwordChangedAt;
  const days = changedAt ? calendarDaysAgo(changedAt) : null;
  return (
    <Section variant="panel" title={t('passwordTitle')} testId="account-change-password">
      {changedAt && (
        <Box component="p" data-testid="password-last-changed" sx={{ mt: 0, color: 'text.secondary' }}>
          {days !== null && days <= 0
            ? t('lastChangedToday')
            : days === 1
              ? t('lastChangedYesterday')
              : t('lastChangedOn', { date: formatLongDate(changedAt, language) })}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          data-testid="current-password"
        />
        <TextInput
          label={t('newPassword')}
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          hint={t('newPasswordHint')}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          data-testid="new-password"
        />
        <TextInput
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          data-testid="confirm-password"
        />
        {problem && (
          <Box role="alert" data-testid="password-problem" sx={{ color: 'error.main', fontWeight: 600 }}>
            {problem === 'currentRequired'
              ? t('currentRequired')
              : `${t(problem)}: ${t(PROBLEM_DETAIL[problem])}`}
          </Box>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            data-testid="change-password-submit"
          >
            {change.isPending ? t('changing') : t('changePassword')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
