import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@kasa/api-client';
import { Box, Button, Section, useErrorText, useT } from '@kasa/ui';
import { ADD_EMAIL_PARAM, ADD_EMAIL_VALUE } from '../shared/add-email';
import { profileMessages } from './messages';
import { ProfileEditForm } from './ProfileEditForm';

/**
 * Profile: the username and e-mail (GET /api/auth/user, shared with the shell's cache), with Edit.
 * Reached from the overview's add-email nudge (?edit=email), it opens the form on the e-mail field.
 */
export function ProfileTab() {
  const t = useT(profileMessages);
  const [params, setParams] = useSearchParams();
  const addingEmail = params.get(ADD_EMAIL_PARAM) === ADD_EMAIL_VALUE;
  const [focusEmail] = useState(addingEmail);
  const [editing, setEditing] = useState(addingEmail);
  // Once read, the request leaves the address: a reload or a return to the tab shows the profile.
  useEffect(() => {
    if (!addingEmail) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(ADD_EMAIL_PARAM);
        return updated;
      },
      { replace: true },
    );
  }, [addingEmail, setParams]);
  const { data: user, isPending, isError, error } = useCurrentUser();
  const errorText = useErrorText(error);
  return (
    <Section variant="panel" title={t('title')} testId="account-profile">
      {!user ? (
        <Box component="p" role={isError ? 'alert' : 'status'} sx={{ m: 0, color: 'text.secondary' }}>
          {isPending ? t('profileLoading') : isError ? errorText(error, t('profileFailed')) : t('signedOut')}
        </Box>
      ) : editing ? (
        <ProfileEditForm user={user} focusEmail={focusEmail} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Box
            component="dl"
            data-testid="account-profile-details"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Box component="dt">{t('username')}</Box>
            <Box
              component="dd"
              data-testid="account-username"
              sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {user.username}
            </Box>
            <Box component="dt">{t('email')}</Box>
            <Box component="dd" data-testid="account-profile-email" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {user.email ?? t('noEmail')}
            </Box>
          </Box>
          <Box component="p" sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
            {t('emailNote')}
          </Box>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => setEditing(true)}
            data-testid="profile-edit"
          >
            {t('edit')}
          </Button>
        </>
      )}
    </Section>
  );
}
