import { Box, PageFrame, Section, ThemeToggleButton, useThemeMode } from '@kasa/ui';

/** The account area (/account). Profile, subscription and security tabs arrive in later issues. */
export default function AccountApp() {
  const { mode } = useThemeMode();
  return (
    <PageFrame title="Your account" testId="account-page">
      <Section title="Profile" testId="account-profile">
        Your username, e-mail and plan will show here once you are signed in.
      </Section>
      <Section title="Preferences" testId="account-preferences">
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
            Theme:{' '}
            <strong data-testid="account-theme-mode">
              {mode === 'color' ? 'Colour' : 'Black and white'}
            </strong>
            <br />
            Alt+W switches it anywhere.
          </span>
          <ThemeToggleButton />
        </Box>
      </Section>
    </PageFrame>
  );
}
