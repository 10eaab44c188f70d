// Loaded only when Delete account is opened.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, useCurrentUser } from '@kasa/api-client';
import { Box, Button, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { useEndSession } from '../shared/useEndSession';
import { deleteAccount } from './delete-account-api';
import { deleteMessages } from './messages';

/**
 * Asks the password (and a 2FA code when 2FA is on) and the username typed out; DELETE
 * /api/account answers once everything is gone, then this browser's session ends.
 */
export default function DeleteAccountDialog({
  twoFactorEnabled,
  onClose,
}: {
  twoFactorEnabled: boolean;
  onClose: () => void;
}) {
  const t = useT(deleteMessages);
  const { toast } = useToast();
  const { data: user } = useCurrentUser();
  const endSession = useEndSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [typedUsername, setTypedUsername] = useState('');

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // The shell's toaster outlives this page: the message stays on the landing page.
      toast({ title: t('deleted'), description: t('deletedText'), durationMs: 10_000 });
      await endSession();
    },
  });
  const errorText = useErrorText(remove.error);
  // The Security data may not have loaded: the server's answer still says when a code is needed.
  const needsCode =
    twoFactorEnabled ||
    (remove.error instanceof ApiError && remove.error.code === 'AUTH_TWO_FACTOR_CODE_REQUIRED');
  const username = user?.username ?? '';
  const ready =
    password.length > 0 && typedUsername.trim() === username && (!needsCode || code.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || remove.isPending) return;
    remove.mutate(needsCode ? { password, code: code.replace(/\s+/g, '').toLowerCase() } : { password });
  };

  return (
    <DialogFrame onClose={onClose} title={t('dialogTitle')} testId="delete-account-dialog">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <Box component="p" sx={{ m: 0 }}>
          {t('explain')} {t('paymentsKept')} {t('cardCancelled')}
        </Box>
        <TextInput
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="delete-account-password"
        />
        {needsCode && (
          <TextInput
            label={t('code')}
            hint={t('codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={13}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-testid="delete-account-code"
          />
        )}
        <TextInput
          label={t('confirmUsername', { username })}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typedUsername}
          onChange={(event) => setTypedUsername(event.target.value)}
          data-testid="delete-account-confirm-username"
        />
        {remove.isError && (
          <Box role="alert" data-testid="delete-account-error" sx={{ color: 'error.main', fontWeight: 600 }}>
            {errorText(remove.error, t('failedText'))}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!ready || remove.isPending}
            data-testid="delete-account-submit"
          >
            {remove.isPending ? t('deleting') : t('submit')}
          </Button>
          <Button type="button" color="inherit" onClick={onClose} disabled={remove.isPending}>
            {t('cancel')}
          </Button>
        </Box>
      </Box>
    </DialogFrame>
  );
}
