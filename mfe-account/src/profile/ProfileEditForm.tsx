import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import type { AuthUser, UpdateProfileRequest } from '@kasa/contracts';
import { Box, Button, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { useSecurity } from '../shared/useSecurity';
import { updateProfile } from './profile-api';
import { profileMessages } from './messages';

/** The address as the server keeps it: trimmed, and '' is none. */
const storedEmail = (email: string | null) => email?.trim() || null;

/**
 * Username and e-mail in edit mode. No client validation beyond the e-mail type
 * (docs/product.md#validation). A changed e-mail also asks for the current password, and
 * a two-factor code when two-factor sign-in is on (the server says so too, should the Security
 * data not have loaded).
 */
export function ProfileEditForm({
  user,
  focusEmail = false,
  onDone,
}: {
  user: AuthUser;
  /** Opened to add an e-mail (the overview's nudge): the cursor starts in the e-mail field. */
  focusEmail?: boolean;
  onDone: () => void;
}) {
  const t = useT(profileMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const emailChanges = storedEmail(email) !== storedEmail(user.email);
  const { data: security } = useSecurity(emailChanges);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ user: updated }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, updated);
      // The product refreshes GET /api/auth/user after saving (docs/product.md#sessions).
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      toast({ title: t('updated'), description: t('updatedText') });
      onDone();
    },
    onError: (error) =>
      toast({
        title: t('updateFailed'),
        description: errorText(error, t('updateFailedText')),
        variant: 'destructive',
      }),
  });

  const needsCode =
    emailChanges &&
    (security?.twoFactor.enabled === true ||
      (save.error instanceof ApiError && save.error.code === 'AUTH_TWO_FACTOR_CODE_REQUIRED'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateProfileRequest = { username, email };
    if (emailChanges) body.currentPassword = currentPassword;
    if (needsCode) body.code = code.replace(/\s+/g, '').toLowerCase();
    save.mutate(body);
  };

  return (
    <Box component="form" onSubmit={submit} data-testid="profile-form" sx={{ display: 'grid', gap: 2 }}>
      <TextInput
        label={t('username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        data-testid="profile-username-input"
      />
      <TextInput
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        autoFocus={focusEmail}
        hint={t('emailNote')}
        onChange={(event) => setEmail(event.target.value)}
        data-testid="profile-email-input"
      />
      {emailChanges && (
        <TextInput
          label={t('currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          hint={t('currentPasswordHint')}
          onChange={(event) => setCurrentPassword(event.target.value)}
          data-testid="profile-current-password"
        />
      )}
      {needsCode && (
        <TextInput
          label={t('code')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={13}
          value={code}
          hint={t('codeHint')}
          onChange={(event) => setCode(event.target.value)}
          data-testid="profile-code"
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="profile-save">
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button type="button" variant="text" color="inherit" onClick={onDone} disabled={save.isPending}>
          {t('cancel')}
        </Button>
      </Box>
    </Box>
  );
}
