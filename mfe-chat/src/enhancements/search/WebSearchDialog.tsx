// Web Search: a query (Enter searches; blank is ignored), the results (title linking to the page in
// a new tab, its site, its snippet), each with Add, and Add all. Added results go into the message
// as text ("title — link", then the snippet). A server with no web search engine answers from
// Kasa's own index and the dialog says so.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '@kasa/api-client';
import type { WebSearchResponse, WebSearchResult } from '@kasa/contracts';
import { ENHANCEMENT_QUERY_MAX_LENGTH } from '@kasa/contracts';
import { Box, Button, useErrorText, useT } from '@kasa/ui';
import { safeLinkUrl } from '../../shared/safe-url';
import { Spinner } from '../../shared/ui/Spinner';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { dialogMessages } from '../dialog-messages';
import { webSearch } from '../enhancements-api';
import type { EnhancementDialogProps } from '../types';

/** A result as the message gets it. */
export function resultText(result: WebSearchResult): string {
  const head = `${result.title} — ${result.link}`;
  return result.snippet ? `${head}\n${result.snippet}` : head;
}

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; response: WebSearchResponse }
  | { state: 'limit' }
  | { state: 'failed'; detail: string };

export default function WebSearchDialog({
  open,
  onClose,
  onComplete,
  conversationId,
}: EnhancementDialogProps) {
  const t = useT(dialogMessages);
  const errorText = useErrorText();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = async () => {
    const q = query.trim();
    if (!q || search.state === 'searching') return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setSearch({ state: 'searching' });
    try {
      const response = await webSearch(q, conversationId, abort.signal);
      if (!abort.signal.aborted) setSearch({ state: 'done', response });
    } catch (error) {
      if (abort.signal.aborted) return;
      // Over the limit: said here, in the product's words (the app-wide toast may say it too).
      if (error instanceof ApiError && error.status === 429) setSearch({ state: 'limit' });
      else setSearch({ state: 'failed', detail: errorText(error) });
    }
  };

  const results = search.state === 'done' ? search.response.results : [];
  return (
    <DialogFrame open={open} onClose={onClose} title={t('searchTitle')} testId="web-search-dialog">
      <Box
        component="form"
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end' }}
      >
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Box component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 700, mb: 0.5 }}>
            {t('searchLabel')}
          </Box>
          <Box
            component="input"
            id={inputId}
            type="search"
            enterKeyHint="search"
            autoFocus
            value={query}
            maxLength={ENHANCEMENT_QUERY_MAX_LENGTH}
            data-testid="web-search-input"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
            sx={{
              display: 'block',
              width: '100%',
              boxSizing: 'border-box',
              minHeight: 44,
              px: 1,
              font: 'inherit',
              fontSize: '1rem',
              border: '2px solid',
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              color: 'text.primary',
              '&:focus': { outline: 'none', borderColor: 'text.primary' },
            }}
          />
        </Box>
        <Button
          type="submit"
          variant="contained"
          sx={{ minHeight: 44 }}
          disabled={!query.trim() || search.state === 'searching'}
        >
          {t('search')}
        </Button>
      </Box>

      <Box sx={{ mt: 2 }} aria-live="polite">
        {search.state === 'searching' && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Spinner />
            {t('searching')}
          </Box>
        )}
        {search.state === 'limit' && (
          <Box role="alert" data-testid="web-search-limit" sx={{ color: 'error.main' }}>
            {t('searchLimit')}
          </Box>
        )}
        {search.state === 'failed' && (
          <Box role="alert" data-testid="web-search-failed" sx={{ color: 'error.main' }}>
            <strong>{t('searchFailed')}</strong>
            {search.detail ? ` — ${search.detail}` : ''}
          </Box>
        )}
        {search.state === 'done' && search.response.engine === 'local' && (
          <Box
            data-testid="web-search-local"
            sx={{ mb: 1.5, p: 1, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.9rem' }}
          >
            {t('localEngine')}
          </Box>
        )}
        {search.state === 'done' && results.length === 0 && (
          <Box data-testid="web-search-empty">{t('noResults')}</Box>
        )}
        {results.length > 0 && (
          <>
            <Button
              variant="outlined"
              color="inherit"
              sx={{ minHeight: 44, mb: 1.5 }}
              onClick={() => onComplete({ kind: 'text', text: results.map(resultText).join('\n\n') })}
            >
              {t('addAll')}
            </Button>
            <Box
              component="ol"
              data-testid="web-search-results"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
            >
              {results.map((result, index) => (
                <ResultItem
                  key={`${index}:${result.link}`}
                  result={result}
                  onAdd={() => onComplete({ kind: 'text', text: resultText(result) })}
                />
              ))}
            </Box>
          </>
        )}
      </Box>
    </DialogFrame>
  );
}

function ResultItem({ result, onAdd }: { result: WebSearchResult; onAdd: () => void }) {
  const t = useT(dialogMessages);
  const href = safeLinkUrl(result.link) ?? (/^\/(?!\/)/.test(result.link) ? result.link : null);
  return (
    <Box
      component="li"
      data-testid="web-search-result"
      sx={{ borderBottom: '1px solid', borderColor: 'divider', pb: 1.5 }}
    >
      {href ? (
        <Box
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ fontWeight: 700, color: 'ink', overflowWrap: 'anywhere' }}
        >
          {result.title}
          <Box
            component="span"
            sx={{
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
            {` ${t('newTab')}`}
          </Box>
        </Box>
      ) : (
        <Box component="span" sx={{ fontWeight: 700 }}>
          {result.title}
        </Box>
      )}
      <Box sx={{ fontSize: '0.85rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {result.displayLink}
      </Box>
      {result.snippet && (
        <Box component="p" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
          {result.snippet}
        </Box>
      )}
      <Button
        variant="text"
        color="inherit"
        sx={{ minHeight: 44, px: 1.5 }}
        aria-label={t('addNamed', { title: result.title })}
        onClick={onAdd}
      >
        {t('add')}
      </Button>
    </Box>
  );
}
