import Button from '@mui/material/Button';
import { LANGUAGES, useLanguage, useT } from './i18n';
import { uiMessages } from './messages';

/** One tap switches between English and French; the button names the language it switches to. */
export function LanguageSwitch({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const { language, setLanguage } = useLanguage();
  const t = useT(uiMessages);
  const next = LANGUAGES.find((l) => l.code !== language) ?? LANGUAGES[0];
  return (
    <Button
      data-testid="language-switch"
      variant="text"
      color="inherit"
      size={size}
      lang={next.code}
      aria-label={t('switchLanguage')}
      onClick={() => setLanguage(next.code)}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0 }}
    >
      {next.label}
    </Button>
  );
}
