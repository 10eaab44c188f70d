import { lazy, memo, useEffect, useRef, useState } from 'react';
import { Box, ButtonBase, useT } from '@kasa/ui';
import { copyText } from '../clipboard';
import { codeThemeSx } from './highlight/code-theme';
import { LazyPartBoundary } from './LazyPartBoundary';
import { loadHighlighter } from './lazy-parts';
import { markdownMessages } from './messages';

const HighlightedCode = lazy(loadHighlighter);

/** Past this size a block stays plain: highlighting it would hold the phone's main thread too long. */
const MAX_HIGHLIGHTED_LENGTH = 20_000;

/** Fences that say "no language": nothing to highlight, so no highlighter to fetch. */
const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'console-output']);

/** The fence's language: its info string's first word ("python", "ts"), or "" when none or not a name. */
export function fenceLanguage(info: string | undefined): string {
  const word = info?.trim().split(/\s+/)[0] ?? '';
  return /^[\w+#.-]{1,40}$/.test(word) ? word : '';
}

function highlightable(code: string, language: string): boolean {
  return (
    language !== '' && !PLAIN_LANGUAGES.has(language.toLowerCase()) && code.length <= MAX_HIGHLIGHTED_LENGTH
  );
}

/** A fenced code block: its language, a Copy button, and the code, highlighted once the highlighter has loaded. */
export const CodeBlock = memo(function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const t = useT(markdownMessages);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const language = fenceLanguage(lang);
  const onCopy = () => {
    copyText(code).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <Box
      data-testid="code-block"
      sx={{ my: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          pl: 1.5,
          bgcolor: 'action.hover',
          fontSize: '0.8rem',
          color: 'text.secondary',
        }}
      >
        <span>{language || t('code')}</span>
        <ButtonBase
          onClick={onCopy}
          aria-label={state === 'idle' ? t('copyCode') : undefined}
          sx={{
            minHeight: 44,
            minWidth: 44,
            px: 1.5,
            fontSize: '0.85rem',
            fontWeight: 600,
            color: 'text.primary',
          }}
        >
          <span aria-live="polite">
            {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : t('copy')}
          </span>
        </ButtonBase>
      </Box>
      <Box
        component="pre"
        sx={(theme) => ({
          m: 0,
          p: 1.5,
          overflowX: 'auto',
          fontSize: '0.875rem',
          lineHeight: 1.5,
          bgcolor: 'background.paper',
          ...codeThemeSx(theme),
        })}
      >
        <code className={language ? `language-${language.toLowerCase()}` : undefined}>
          {highlightable(code, language) ? (
            <LazyPartBoundary fallback={code}>
              <HighlightedCode code={code} language={language} />
            </LazyPartBoundary>
          ) : (
            code
          )}
        </code>
      </Box>
    </Box>
  );
});
