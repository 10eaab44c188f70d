// Database (everyone): what the dictionary holds, a browse list, the last import and the data's
// credit. Administrators also run the import here and follow its server-sent progress; the
// preview keeps the first 10 results (docs/product.md).
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictionaryPage, DictionaryStats, PopulationEvent, PopulationResult } from '@kasa/contracts';
import { Box, Button, TextInput, useDisplayNames, useErrorText, useT } from '@kasa/ui';
import { actionButton } from '../../shared/ui/form-styles';
import { statisticsText } from './chat-texts';
import { SOURCE_LABELS } from './helpers';
import { browseEntries, populate, PopulationFailure, LANGUAGE_STATS_QUERY_KEY } from './language-tool-api';
import { LanguagePicker } from './LanguagePicker';
import { languageToolMessages, type LanguageToolText } from './messages';
import { badge, DictionaryLoadingNote, Failure, Heading, note, SourceNote } from './parts';

/** The preview shows the first 10 results (docs/product.md). */
export const PREVIEW_RESULTS = 10;
const LANGUAGES_PER_PAGE = 10;
const BROWSE_PAGE_SIZE = 20;

const STATUS_LABELS: Record<string, LanguageToolText> = {
  queued: 'statusQueued',
  running: 'statusRunning',
  complete: 'statusComplete',
  failed: 'statusFailed',
};

interface StreamState {
  status: 'running' | 'complete' | 'error';
  total: number;
  processedLanguages: number;
  successfulLanguages: number;
  totalInserted: number;
  language: string | null;
  results: PopulationResult[];
  /** The import's own error event, the request refused, or an answer without a body. */
  error?: { kind: 'event' | 'request' | 'no-stream'; error?: string; details?: string | null };
}

const initialStream: StreamState = {
  status: 'running',
  total: 0,
  processedLanguages: 0,
  successfulLanguages: 0,
  totalInserted: 0,
  language: null,
  results: [],
};

/** Progress events carry one result each, 'complete' all of them: keep the first 10 distinct. */
function mergeResults(
  kept: PopulationResult[],
  incoming: PopulationResult[] | undefined,
): PopulationResult[] {
  if (!incoming?.length || kept.length >= PREVIEW_RESULTS) return kept;
  const next = [...kept];
  for (const result of incoming) {
    if (next.length >= PREVIEW_RESULTS) break;
    if (!next.some((r) => r.code === result.code)) next.push(result);
  }
  return next;
}

export function reduceStream(state: StreamState, event: PopulationEvent): StreamState {
  const counts = {
    total: event.total ?? state.total,
    processedLanguages: event.processedLanguages ?? state.processedLanguages,
    successfulLanguages: event.successfulLanguages ?? state.successfulLanguages,
    totalInserted: event.totalInserted ?? state.totalInserted,
  };
  switch (event.type) {
    case 'start':
      return { ...state, ...counts };
    case 'progress':
      return {
        ...state,
        ...counts,
        language: event.language ?? state.language,
        results: mergeResults(state.results, event.results),
      };
    case 'complete':
      return {
        ...state,
        ...counts,
        status: 'complete',
        language: null,
        results: mergeResults(state.results, event.results),
      };
    case 'error':
      return {
        ...state,
        ...counts,
        status: 'error',
        error: { kind: 'event', error: event.error ?? '', details: event.details },
      };
    default:
      return state;
  }
}

function StatsView({ stats }: { stats: DictionaryStats }) {
  const t = useT(languageToolMessages);
  const names = useDisplayNames();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  // Names in the interface language where Intl knows them (language-names.ts); the filter also
  // matches the catalog's English names.
  const shownRows = useMemo(
    () =>
      stats.byLanguage.map((row) => ({
        ...row,
        shownName: names.language(row.code, row.name),
        shownCountry: row.countryCodes.length
          ? row.countryCodes.map((code) => names.region(code)).join(', ')
          : row.country,
      })),
    [stats.byLanguage, names],
  );
  const rows = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return shownRows.filter(
      (row) =>
        !words ||
        `${row.shownName} ${row.name} ${row.shownCountry} ${row.country} ${row.code}`
          .toLowerCase()
          .includes(words),
    );
  }, [shownRows, filter]);
  const pages = Math.max(1, Math.ceil(rows.length / LANGUAGES_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * LANGUAGES_PER_PAGE, (current + 1) * LANGUAGES_PER_PAGE);

  return (
    <Box data-testid="dictionary-stats">
      <Heading>{t('statistics')}</Heading>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Box>
          {t('statsLanguages')}: <strong data-testid="stats-languages">{stats.languages}</strong>
        </Box>
        <Box>
          {t('statsEntries')}: <strong data-testid="stats-entries">{stats.entries}</strong>
        </Box>
      </Box>
      {stats.bySource.length > 0 && (
        <>
          <Heading>{t('bySource')}</Heading>
          <Box component="ul" data-testid="stats-sources" sx={{ m: 0, pl: 2.5 }}>
            {stats.bySource.map((s) => (
              <li key={s.source}>
                {t(SOURCE_LABELS[s.source] ?? 'sourceAiSuggested')}: <strong>{s.entries}</strong>
              </li>
            ))}
          </Box>
        </>
      )}
      {stats.byLanguage.length > 0 && (
        <>
          <Heading>{t('byLanguage')}</Heading>
          <TextInput
            label={t('filterLanguages')}
            type="search"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(0);
            }}
          />
          <Box sx={{ overflowX: 'auto', mt: 1 }}>
            <Box
              component="table"
              data-testid="stats-languages-table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                typography: 'body2',
                '& th': { whiteSpace: 'nowrap' },
                '& td, & th': {
                  textAlign: 'left',
                  p: 0.5,
                  borderBottom: '1px solid',
                  borderColor: 'divider',
                },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">{t('language')}</th>
                  <th scope="col">{t('country')}</th>
                  <th scope="col">{t('statsEntries')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.code}>
                    <td>
                      {row.shownName} <small>({row.code})</small>
                    </td>
                    <td>{row.shownCountry}</td>
                    <td>{row.entries}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          {pages > 1 && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
                sx={actionButton}
              >
                {t('previous')}
              </Button>
              <span>{t('pageOf', { page: current + 1, pages })}</span>
              <Button
                variant="outlined"
                disabled={current >= pages - 1}
                onClick={() => setPage(current + 1)}
                sx={actionButton}
              >
                {t('next')}
              </Button>
            </Box>
          )}
        </>
      )}
      <Heading>{t('lastImport')}</Heading>
      <Box data-testid="last-import">
        {stats.lastImport
          ? t('importStatus', {
              status: t(STATUS_LABELS[stats.lastImport.status] ?? 'statusRunning'),
              processed: stats.lastImport.processedLanguages,
              total: stats.lastImport.totalLanguages,
              inserted: stats.lastImport.totalInserted,
            })
          : t('noImport')}
        {stats.lastImport?.error && <Box sx={{ color: 'error.main' }}>{stats.lastImport.error}</Box>}
      </Box>
    </Box>
  );
}

function BrowseView() {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const names = useDisplayNames();
  const [language, setLanguage] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [params, setParams] = useState<{ language: string | null; q: string; page: number } | null>(null);
  const query = useQuery<DictionaryPage>({
    queryKey: ['language-tool-entries', params],
    queryFn: ({ signal }) => browseEntries({ ...params!, pageSize: BROWSE_PAGE_SIZE }, signal),
    enabled: params !== null,
    staleTime: 0,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ language, q: q.trim(), page: 1 });
  };
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Box data-testid="dictionary-browse">
      <Heading>{t('browse')}</Heading>
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
        <LanguagePicker
          label={t('browseLanguage')}
          value={language}
          onChange={setLanguage}
          allowEmpty
          emptyLabel={t('allLanguages')}
        />
        <TextInput
          label={t('browseWords')}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit" variant="outlined" sx={actionButton}>
          {t('browse')}
        </Button>
      </Box>
      {query.isError && <Failure title={t('lookupFailed')} detail={errorText(query.error)} />}
      {data && (
        <Box sx={{ mt: 1 }}>
          <DictionaryLoadingNote state={data.dictionaryLoading} />
          <Box component="small">{t('browseTotal', { total: data.total })}</Box>
          {data.entries.length === 0 ? (
            <Box component="p" sx={{ m: 0 }}>
              {t('noEntries')}
            </Box>
          ) : (
            <Box component="ul" data-testid="browse-entries" sx={{ m: 0, pl: 2.5 }}>
              {data.entries.map((entry) => (
                <li key={entry.id}>
                  <strong lang={entry.language}>{entry.word}</strong> (
                  {names.language(entry.language, entry.languageName)}) → {entry.translation}
                  <SourceNote source={entry.source} />
                </li>
              ))}
            </Box>
          )}
          {pages > 1 && params && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                disabled={data.page <= 1}
                onClick={() => setParams({ ...params, page: data.page - 1 })}
                sx={actionButton}
              >
                {t('previous')}
              </Button>
              <span>{t('pageOf', { page: data.page, pages })}</span>
              <Button
                variant="outlined"
                disabled={data.page >= pages}
                onClick={() => setParams({ ...params, page: data.page + 1 })}
                sx={actionButton}
              >
                {t('next')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function PopulatePanel() {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const names = useDisplayNames();
  const queryClient = useQueryClient();
  const [stream, setStream] = useState<StreamState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const running = stream?.status === 'running';

  const start = async () => {
    if (running) return;
    const controller = new AbortController();
    abort.current = controller;
    setStream(initialStream);
    let state = initialStream;
    try {
      await populate((event) => {
        if (controller.signal.aborted) return;
        state = reduceStream(state, event);
        setStream(state);
      }, controller.signal);
      if (controller.signal.aborted) return;
      // The stream ended without saying how: treat it as over, the statistics tell the rest.
      if (state.status === 'running') setStream({ ...state, status: 'complete' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure =
        error instanceof PopulationFailure && error.kind === 'no-stream'
          ? ({ kind: 'no-stream' } as const)
          : ({
              kind: 'request',
              details: errorText(error instanceof PopulationFailure ? error.reason : error),
            } as const);
      setStream({ ...state, status: 'error', error: failure });
    } finally {
      if (!controller.signal.aborted)
        void queryClient.invalidateQueries({ queryKey: LANGUAGE_STATS_QUERY_KEY });
    }
  };

  const percent =
    stream && stream.total > 0 ? Math.round((stream.processedLanguages / stream.total) * 100) : 0;

  return (
    <Box data-testid="populate-panel" sx={{ display: 'grid', gap: 1 }}>
      <Button variant="contained" onClick={() => void start()} disabled={running} sx={actionButton}>
        {running ? t('populating') : t('populate')}
      </Button>
      {stream && (
        <Box data-testid="populate-progress" sx={{ display: 'grid', gap: 0.5 }}>
          <Box
            component="progress"
            max={100}
            value={stream.status === 'complete' ? 100 : percent}
            aria-label={t('populateProgress')}
            sx={{ width: '100%', height: 8, accentColor: '#ffd60a' }}
          />
          <Box role="status" aria-live="polite">
            <Box data-testid="populate-count">
              {t('progressCount', { processed: stream.processedLanguages, total: stream.total })}
            </Box>
            {stream.language && stream.status === 'running' && (
              <Box data-testid="populate-language">{t('currentLanguage', { language: stream.language })}</Box>
            )}
            <Box data-testid="populate-inserted">{t('inserted', { count: stream.totalInserted })}</Box>
            {stream.status === 'complete' && (
              <Box data-testid="populate-complete" sx={{ fontWeight: 700 }}>
                {t('populateComplete', {
                  successful: stream.successfulLanguages,
                  total: stream.total,
                  inserted: stream.totalInserted,
                })}
              </Box>
            )}
          </Box>
          {stream.error && (
            <Failure
              testId="populate-failure"
              title={
                stream.error.kind === 'no-stream'
                  ? t('noStream')
                  : stream.error.kind === 'request'
                    ? t('populateRequestFailed')
                    : t('populateFailed', { error: stream.error.error ?? '' })
              }
              detail={stream.error.details}
            />
          )}
          {stream.results.length > 0 && (
            <>
              <Heading>{t('results')}</Heading>
              <Box component="ol" data-testid="populate-results" sx={{ m: 0, pl: 3 }}>
                {stream.results.map((r) => (
                  <li key={r.code}>
                    <strong>{names.language(r.code, r.language)}</strong> ({r.country}) —{' '}
                    <Box component="span" sx={badge}>
                      {r.status === 'success' ? t('resultSuccess') : t('resultFailed')}
                    </Box>{' '}
                    {t('resultEntries', { entries: r.entries, inserted: r.inserted })}
                    {r.error && <Box sx={{ color: 'error.main' }}>{r.error}</Box>}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

export function DatabaseTab({ onAdd }: { onAdd: (text: string) => void }) {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const stats = useQuery<DictionaryStats>({ queryKey: LANGUAGE_STATS_QUERY_KEY, staleTime: 0 });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="database-tab">
      {stats.isPending && <Box role="status">{t('loading')}</Box>}
      {stats.isError && <Failure title={t('statsFailed')} detail={errorText(stats.error)} />}
      {stats.data && (
        <>
          <DictionaryLoadingNote state={stats.data.dictionaryLoading} />
          {stats.data.canPopulate && <PopulatePanel />}
          <StatsView stats={stats.data} />
          <Button
            variant="outlined"
            sx={actionButton}
            onClick={() => onAdd(statisticsText(stats.data, { t }))}
          >
            {t('addToChat')}
          </Button>
        </>
      )}
      <BrowseView />
      <Box data-testid="data-credit" sx={note}>
        {t('credit')}{' '}
        <Box component="a" href="/legal/terms#open-data" sx={{ color: 'inherit', fontWeight: 700 }}>
          {t('creditLink')}
        </Box>
      </Box>
    </Box>
  );
}
