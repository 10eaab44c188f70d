import { LANGUAGES, useLanguage, useT } from './i18n';
import { uiMessages } from './messages';
import { textButtonClass } from './text-button';

/** One tap switches between English and French; the button names the language it switches to. */
export function LanguageSwitch({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const { language, setLanguage } = useLanguage();
  const t = useT(uiMessages);
  const next = LANGUAGES.find((l) => l.code !== language) ?? LANGUAGES[0];
  return (
    <button
      type="button"
      data-testid="language-switch"
      className={textButtonClass({ size, fit: true })}
      lang={next.code}
      aria-label={t('switchLanguage')}
      onClick={() => setLanguage(next.code)}
    >
      {next.label}
    </button>
  );
}
