import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Button,
  LANGUAGES,
  Section,
  SelectInput,
  ThemeToggleButton,
  useLanguage,
  useT,
  useThemeMode,
  type Language,
} from '@kasa/ui';
import { preferencesMessages } from './messages';

const NotificationsDialog = lazy(() => import('./NotificationsDialog'));

/** Preferences: theme, language (kept in this browser), and which e-mails to receive (kept on the account). */
export function PreferencesTab() {
  const t = useT(preferencesMessages);
  const { mode } = useThemeMode();
  const { language, setLanguage } = useLanguage();
  const [configuring, setConfiguring] = useState(false);
  return (
    <>
      <Section variant="panel" title={t('title')} testId="account-preferences">
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
        <Box sx={{ mt: 2, maxWidth: 320 }}>
          <SelectInput
            label={t('language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
            data-testid="account-language"
          >
            {LANGUAGES.map(({ code, label }) => (
              <option key={code} value={code} lang={code}>
                {label}
              </option>
            ))}
          </SelectInput>
        </Box>
      </Section>
      <Section variant="panel" title={t('notificationsTitle')} testId="account-notifications">
        <Box component="p" sx={{ mt: 0 }}>
          {t('notificationsExplain')}
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => setConfiguring(true)}
          data-testid="notifications-configure"
        >
          {t('configure')}
        </Button>
        {configuring && (
          <Suspense fallback={null}>
            <NotificationsDialog onClose={() => setConfiguring(false)} />
          </Suspense>
        )}
      </Section>
    </>
  );
}
