import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import type { AuthUser } from '@kasa/contracts';
import { Box, Button, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { updateProfile } from '../account-api';
import { profileMessages } from './messages';

/** Username and e-mail in edit mode. No client validation beyond the e-mail type (docs/product.md#validation-rules). */
export function ProfileEditForm({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const t = useT(profileMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email ?? '');

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ user: updated }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, updated);
      // The product refreshes GET /api/auth/user after saving (docs/product.md#authentication-and-account).
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ username, email });
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
        hint={t('emailNote')}
        onChange={(event) => setEmail(event.target.value)}
        data-testid="profile-email-input"
      />
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
