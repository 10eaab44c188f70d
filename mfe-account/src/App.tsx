import { useCurrentUser } from '@kasa/api-client';
import { Box, PageFrame, Section, ThemeToggleButton, useErrorText, useT, useThemeMode } from '@kasa/ui';
import { messages } from './messages';

/** The signed-in user's username and e-mail (GET /api/auth/user, shared with the shell's cache). */
function ProfileDetails() {
  const t = useT(messages);
  const { data: user, isPending, isError, error } = useCurrentUser();
  const errorText = useErrorText(error);
  if (user) {
    return (
      <Box
        component="dl"
        data-testid="account-profile-details"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <Box component="dt">{t('username')}</Box>
        <Box
          component="dd"
          data-testid="account-username"
          sx={{ m: 0, color: 'text.primary', fontWeight: 700 }}
        >
          {user.username}
        </Box>
        <Box component="dt">{t('email')}</Box>
        <Box
          component="dd"
          data-testid="account-email"
          sx={{ m: 0, color: 'text.primary', overflowWrap: 'anywhere' }}
        >
          {user.email ?? t('noEmail')}
        </Box>
      </Box>
    );
  }
  if (isPending) return <>{t('profileLoading')}</>;
  return <>{isError ? errorText(error, t('profileFailed')) : t('signedOut')}</>;
}

/** The account area (/account): the profile and the theme preference. */
export default function AccountApp() {
  const { mode } = useThemeMode();
  const t = useT(messages);
  return (
    <PageFrame title={t('title')} testId="account-page">
      <Section title={t('profileTitle')} testId="account-profile">
        <ProfileDetails />
      </Section>
      <Section title={t('preferencesTitle')} testId="account-preferences">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
          }}
        >
          <span>
            {t('theme')}{' '}
            <strong data-testid="account-theme-mode">
              {mode === 'color' ? t('themeColour') : t('themeMono')}
            </strong>
            <br />
            {t('themeShortcut')}
          </span>
          <ThemeToggleButton />
        </Box>
      </Section>
    </PageFrame>
  );
}
