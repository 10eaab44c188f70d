// The "I speak" chip of the recording bar: the language hint sent with the recording, changed in a
// small menu (the same preference as Account → Preferences → Voice).
import { useId, useRef, useState } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { SPEECH_LANGUAGES, type SpeechLanguageHint } from '@kasa/contracts';
import { ButtonBase, useBackCloses, useT } from '@kasa/ui';
import { useVoicePreferences } from '@kasa/ui/voice-preferences';
import { recordingMessages } from './recording-messages';
import { speechLanguageName } from './voice-blocked';

export function LanguageChip() {
  const t = useT(recordingMessages);
  const { speechLanguage, setSpeechLanguage } = useVoicePreferences();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Android's Back closes the menu, not the page (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, () => setOpen(false));
  const name = (hint: SpeechLanguageHint) => (hint === 'auto' ? t('auto') : speechLanguageName(hint));
  const choose = (hint: SpeechLanguageHint) => {
    setSpeechLanguage(hint);
    setOpen(false);
  };
  const hints: SpeechLanguageHint[] = ['auto', ...SPEECH_LANGUAGES.map((language) => language.code)];
  return (
    <>
      <ButtonBase
        ref={anchor}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="voice-language-chip"
        data-language={speechLanguage}
        onClick={() => setOpen(true)}
        sx={{
          minHeight: 32,
          px: 1.25,
          borderRadius: 4,
          border: '1px solid',
          borderColor: 'divider',
          fontSize: '0.875rem',
          fontWeight: 600,
          whiteSpace: 'nowrap',
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary' },
        }}
      >
        {t('languageChip', { language: name(speechLanguage) })}
      </ButtonBase>
      <Menu
        id={menuId}
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          list: { 'aria-label': t('languageMenu') },
          paper: { sx: { maxHeight: '60vh' } },
        }}
      >
        {hints.map((hint) => (
          <MenuItem
            key={hint}
            role="menuitemradio"
            aria-checked={hint === speechLanguage}
            selected={hint === speechLanguage}
            lang={hint === 'auto' ? undefined : hint}
            data-testid={`voice-language-${hint}`}
            onClick={() => choose(hint)}
            sx={{ minHeight: 44 }}
          >
            {name(hint)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
