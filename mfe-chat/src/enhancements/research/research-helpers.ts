// The research dialog's text work, kept apart from React so it is tested on its own.
import type { ResearchProgress, ResearchSource } from '@kasa/contracts';

/** A piece of the summary: plain text, or a citation [n] of source n (1-based). */
export type SummaryPart = { text: string } | { cite: number };

/** Splits the summary at its [n] citations; a number with no such source stays plain text. */
export function summaryParts(summary: string, sourceCount: number): SummaryPart[] {
  const parts: SummaryPart[] = [];
  let last = 0;
  for (const match of summary.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > sourceCount) continue;
    if (match.index > last) parts.push({ text: summary.slice(last, match.index) });
    parts.push({ cite: n });
    last = match.index + match[0].length;
  }
  if (last < summary.length) parts.push({ text: summary.slice(last) });
  return parts;
}

/** What "Add to message" puts in the chat input: the summary, then its numbered sources. */
export function researchMessageText(
  summary: string,
  sources: readonly ResearchSource[],
  heading: string,
): string {
  if (!sources.length) return summary;
  const list = sources.map((source, i) => `[${i + 1}] ${source.title} — ${source.url}`).join('\n');
  return `${summary}\n\n${heading}\n${list}`;
}

/** The message key of each progress stage's label. */
export const STAGE_LABELS = {
  queued: 'stageQueued',
  searching: 'stageSearching',
  fetching: 'stageFetching',
  summarising: 'stageSummarising',
  done: 'stageDone',
  failed: 'stageFailed',
} as const satisfies Record<ResearchProgress['stage'], string>;

/**
 * A random v4 UUID. crypto.randomUUID exists only in secure contexts: a phone that opens Kasa
 * over plain http on a local network has getRandomValues alone.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
