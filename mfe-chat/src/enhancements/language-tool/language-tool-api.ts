// The language tool's endpoints (libs/contracts/src/language-tool.ts has the shapes).
import { apiFailure, apiFetch, apiUrl, currentToken, type ApiError } from '@kasa/api-client';
import {
  LANGUAGE_TOOL_PATH,
  type AnalyzeRequest,
  type AnalyzeResponse,
  type DefineResponse,
  type DictionaryPage,
  type PopulationEvent,
  type TranslateRequest,
  type TranslationResponse,
} from '@kasa/contracts';

/** Query keys: the default queryFn GETs the key joined by '/'. Loaded once per session. */
export const LANGUAGES_QUERY_KEY = [`${LANGUAGE_TOOL_PATH}/languages`] as const;
export const LANGUAGE_STATS_QUERY_KEY = [`${LANGUAGE_TOOL_PATH}/stats`] as const;

export function translate(body: TranslateRequest, signal?: AbortSignal): Promise<TranslationResponse> {
  return apiFetch<TranslationResponse>(`${LANGUAGE_TOOL_PATH}/translate`, { method: 'POST', body, signal });
}

export function define(word: string, language: string | null, signal?: AbortSignal): Promise<DefineResponse> {
  const query = language ? `?language=${encodeURIComponent(language)}` : '';
  return apiFetch<DefineResponse>(`${LANGUAGE_TOOL_PATH}/define/${encodeURIComponent(word)}${query}`, {
    signal,
  });
}

export function analyze(body: AnalyzeRequest, signal?: AbortSignal): Promise<AnalyzeResponse> {
  return apiFetch<AnalyzeResponse>(`${LANGUAGE_TOOL_PATH}/analyze`, { method: 'POST', body, signal });
}

export function browseEntries(
  params: { language?: string | null; q?: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<DictionaryPage> {
  const search = new URLSearchParams();
  if (params.language) search.set('language', params.language);
  if (params.q) search.set('q', params.q);
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return apiFetch<DictionaryPage>(`${LANGUAGE_TOOL_PATH}/entries?${search.toString()}`, { signal });
}

/** Why the population stream could not be read: the request failed, or the answer has no body. */
export class PopulationFailure extends Error {
  constructor(
    readonly kind: 'request' | 'no-stream',
    readonly reason?: ApiError | unknown,
  ) {
    super(kind === 'request' ? 'Database population request failed' : 'No response stream available');
  }
}

/**
 * Splits what has arrived of a text/event-stream into its complete events' `data:` payloads
 * (parsed) and the unfinished rest. Comments (keep-alives) and malformed lines are skipped.
 */
export function parseEventChunk(buffer: string): { events: PopulationEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: PopulationEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data) as PopulationEvent);
    } catch {
      // A broken line is dropped; the next event carries the totals again.
    }
  }
  return { events, rest };
}

/**
 * POST …/populate and reads its server-sent events as they come (fetch, not EventSource: the
 * stream needs a POST and the bearer token). Resolves when the stream ends; rejects with a
 * PopulationFailure when it cannot start.
 */
export async function populate(
  onEvent: (event: PopulationEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = currentToken();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(`${LANGUAGE_TOOL_PATH}/populate`), {
      method: 'POST',
      headers,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PopulationFailure('request', error);
  }
  if (!response.ok) throw new PopulationFailure('request', await apiFailure(response, Boolean(token)));
  const reader = response.body?.getReader();
  if (!reader) throw new PopulationFailure('no-stream');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() + '\n\n' : decoder.decode(value, { stream: true });
    const { events, rest } = parseEventChunk(buffer);
    buffer = rest;
    for (const event of events) onEvent(event);
    if (done) return;
  }
}
