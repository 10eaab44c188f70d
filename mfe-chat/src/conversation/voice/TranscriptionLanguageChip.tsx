// The language a spoken message was heard in, as a chip under its text. Tapped, a menu of the
// languages the user may speak (SPEECH_LANGUAGES, by their own names): choosing one transcribes the
// same recording again in it, as an edit of the message (docs/product.md#voice). No MUI Menu: see
// shared/ui/IconButton.tsx on what this remote bundles (the same pattern as actions/ActionMenu).
import { useEffect, useId, useRef, useState } from 'react';
import { Box, ButtonBase, useBackCloses, useT } from '@kasa/ui';
import { SPEECH_LANGUAGES, type SpeechLanguageCode } from '@kasa/contracts';
import { spokenMessageMessages } from './spoken-message-messages';
import { speechLanguageName } from './spoken';

const chipSx = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  px: 1.25,
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: 4,
  fontSize: '0.8rem',
  fontWeight: 700,
  color: 'text.secondary',
  bgcolor: 'background.paper',
} as const;

export function TranscriptionLanguageChip({
  language,
  disabled = false,
  onChoose,
}: {
  /** ChatMessage.transcriptionLanguage (ISO 639-1). */
  language: string;
  disabled?: boolean;
  /** Transcribe the recording again in `code`; unset: the chip only names the language. */
  onChoose?: (code: SpeechLanguageCode) => void;
}) {
  const t = useT(spokenMessageMessages);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const name = speechLanguageName(language);
  // Android's Back closes the menu, not the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!onChoose)
    return (
      <Box
        component="span"
        data-testid="message-transcription-language"
        title={t('languageHeardNoAction', { language: name })}
        sx={chipSx}
      >
        {name}
      </Box>
    );

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choices = SPEECH_LANGUAGES.filter((l) => l.code !== language);

  return (
    <Box sx={{ position: 'relative', display: 'inline-block' }}>
      <ButtonBase
        ref={button}
        data-testid="message-transcription-language"
        aria-label={t('languageHeard', { language: name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        sx={{
          ...chipSx,
          // A 44 px touch target around the smaller chip.
          position: 'relative',
          '&::after': { content: '""', position: 'absolute', inset: '-6px 0' },
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 2 },
          '&.Mui-disabled': { opacity: 0.5 },
        }}
      >
        {name}
      </ButtonBase>
      {open && (
        <Box
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('transcribeAgainIn')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
              return;
            }
            if (event.key === 'Tab') {
              setOpen(false);
              return;
            }
            const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
            if (!step) return;
            event.preventDefault();
            const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            items[(at + step + items.length) % items.length]?.focus();
          }}
          sx={{
            position: 'absolute',
            zIndex: 10,
            bottom: '100%',
            right: 0,
            mb: 0.5,
            minWidth: 200,
            maxWidth: 'calc(100vw - 32px)',
            // Sixteen languages: the list scrolls on a small screen.
            maxHeight: 'min(60vh, 360px)',
            overflowY: 'auto',
            py: 0.5,
            borderRadius: 1,
            border: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.paper',
            boxShadow: 4,
          }}
        >
          <Box aria-hidden="true" sx={{ px: 2, py: 1, fontSize: '0.8rem', color: 'text.secondary' }}>
            {t('transcribeAgainIn')}
          </Box>
          {choices.map((choice) => (
            <ButtonBase
              key={choice.code}
              role="menuitem"
              lang={choice.code}
              data-testid={`transcription-language-${choice.code}`}
              onClick={() => {
                close();
                onChoose(choice.code);
              }}
              sx={{
                display: 'flex',
                width: '100%',
                minHeight: 44,
                px: 2,
                justifyContent: 'flex-start',
                textAlign: 'left',
                fontSize: '0.95rem',
                '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
              }}
            >
              {choice.name}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
