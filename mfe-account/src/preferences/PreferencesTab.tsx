import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Button,
  LANGUAGES,
  Section,
  SelectInput,
  ThemeToggleButton,
  useDataSaver,
  useLanguage,
  useT,
  useThemeMode,
  type DataSaverPreference,
  type Language,
} from '@kasa/ui';
import { preferencesMessages } from './messages';
import { VoicePreferences } from './VoicePreferences';

const NotificationsDialog = lazy(() => import('./NotificationsDialog'));

/**
 * Preferences: theme, language, data saver and voice (kept in this browser), and which e-mails to receive
 * (kept on the account).
 */
export function PreferencesTab() {
  const t = useT(preferencesMessages);
  const { mode } = useThemeMode();
  const { language, setLanguage } = useLanguage();
  const [configuring, setConfiguring] = useState(false);
  const dataSaver = useDataSaver();
  const dataSaverState =
    dataSaver.preference === 'auto'
      ? t(dataSaver.on ? 'dataSaverAutoOn' : 'dataSaverAutoOff')
      : t(dataSaver.on ? 'dataSaverIsOn' : 'dataSaverIsOff');
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
        <Box sx={{ mt: 2, maxWidth: 480 }}>
          <SelectInput
            label={t('dataSaver')}
            value={dataSaver.preference}
            onChange={(event) => dataSaver.setPreference(event.target.value as DataSaverPreference)}
            aria-describedby="account-data-saver-state"
            data-testid="account-data-saver"
          >
            <option value="auto">{t('dataSaverAuto')}</option>
            <option value="on">{t('dataSaverOn')}</option>
            <option value="off">{t('dataSaverOff')}</option>
          </SelectInput>
          <Box
            component="p"
            id="account-data-saver-state"
            data-testid="account-data-saver-state"
            data-on={dataSaver.on ? 'true' : 'false'}
            sx={{ mt: 0.5, mb: 0, color: 'text.secondary' }}
          >
            {dataSaverState} {t('dataSaverExplain')}
          </Box>
        </Box>
        <VoicePreferences />
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
