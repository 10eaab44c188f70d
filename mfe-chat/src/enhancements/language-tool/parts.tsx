// Small pieces the language tool's tabs share: the "dictionary loading" note, a failure box, a
// source's explanation, a dictionary entry's audio (or why there is none), and section headings.
// Sizes come from the theme's type scale (libs/ui theme.tsx): headings h3, small print body2.
import { useState, type ReactNode } from 'react';
import { apiUrl } from '@kasa/api-client';
import type { DictionaryEntry, DictionaryLoadingState } from '@kasa/contracts';
import { Box, useT } from '@kasa/ui';
import { SOURCE_LABELS, sourceKindOf } from './helpers';
import { useLanguageNames } from './language-names';
import { languageToolMessages } from './messages';

export const badge = {
  display: 'inline-block',
  px: 0.75,
  borderRadius: 1,
  border: '1px solid',
  borderColor: 'divider',
  typography: 'body2',
  whiteSpace: 'nowrap',
} as const;

export const note = {
  p: 1,
  border: '1px dashed',
  borderColor: 'divider',
  borderRadius: 1,
  typography: 'body2',
} as const;

export function Heading({ children }: { children: ReactNode }) {
  return (
    <Box component="h3" sx={{ typography: 'h3', m: 0, mt: 1, mb: 0.5 }}>
      {children}
    </Box>
  );
}

/** While the first automatic import runs, answers may be incomplete: say how far it is. */
export function DictionaryLoadingNote({ state }: { state: DictionaryLoadingState | null | undefined }) {
  const t = useT(languageToolMessages);
  if (!state || (state.status !== 'queued' && state.status !== 'running')) return null;
  return (
    <Box role="status" data-testid="dictionary-loading" sx={note}>
      {t('dictionaryLoading', { processed: state.processedLanguages, total: state.totalLanguages })}.{' '}
      {t('dictionaryLoadingHint')}
    </Box>
  );
}

/** A failure: the product's title and the detail. */
export function Failure({
  title,
  detail,
  testId,
}: {
  title: string;
  detail?: string | null;
  testId?: string;
}) {
  return (
    <Box
      role="alert"
      data-testid={testId}
      sx={{ p: 1, borderRadius: 1, border: '2px solid', borderColor: 'error.main', color: 'error.main' }}
    >
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {detail && (
        <Box component="span" sx={{ color: 'text.primary', whiteSpace: 'pre-wrap' }}>
          {detail}
        </Box>
      )}
    </Box>
  );
}

/** A source with what its forms are ('asjp-v12:BABANKI' → the ASJP code explanation). */
export function SourceNote({ source }: { source: string }) {
  const t = useT(languageToolMessages);
  const kind = sourceKindOf(source);
  return (
    <Box component="small" data-testid="entry-source" sx={{ display: 'block', color: 'text.secondary' }}>
      {kind ? t(SOURCE_LABELS[kind]) : source}
      {kind && kind !== 'AI' && source.includes(':') ? ` — ${source.slice(source.indexOf(':') + 1)}` : ''}
    </Box>
  );
}

/** A play button when the speech engine spoke the word, else why not. */
export function EntryAudio({ entry }: { entry: DictionaryEntry }) {
  const t = useT(languageToolMessages);
  const names = useLanguageNames();
  const [failed, setFailed] = useState(false);
  if (entry.audioUrl) {
    const url = apiUrl(entry.audioUrl);
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Box
          component="button"
          type="button"
          aria-label={t('play', { word: entry.word })}
          onClick={() => {
            setFailed(false);
            void new Audio(url).play().catch(() => setFailed(true));
          }}
          sx={{
            minWidth: 44,
            minHeight: 44,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'text.primary',
            cursor: 'pointer',
            typography: 'body1',
          }}
        >
          ▶
        </Box>
        {failed && (
          <Box component="small" role="status">
            {t('playFailed')}
          </Box>
        )}
      </Box>
    );
  }
  const reason =
    entry.audioUnavailable === 'phonetic-code'
      ? t('phoneticCode')
      : entry.audioUnavailable === 'no-voice'
        ? t('noVoice', { language: names.language(entry.language, entry.languageName) })
        : null;
  return reason ? (
    <Box component="small" data-testid="entry-no-audio" sx={{ color: 'text.secondary' }}>
      {reason}
    </Box>
  ) : null;
}
