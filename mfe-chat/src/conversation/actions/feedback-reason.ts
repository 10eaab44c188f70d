// The optional reason of a thumbs down is one text (ChatFeedbackRequest.reason): the quick reasons
// picked, one per line in English (what the people reading feedback share), then the user's words.
import { CHAT_FEEDBACK_REASON_MAX_LENGTH } from '@kasa/contracts';

export const QUICK_REASONS = [
  { key: 'feedbackReasonNotCorrect', stored: 'Not correct' },
  { key: 'feedbackReasonNotUseful', stored: 'Not useful' },
  { key: 'feedbackReasonNotMyLanguage', stored: 'Not in my language' },
] as const;

export type QuickReason = (typeof QUICK_REASONS)[number]['stored'];

export interface FeedbackReason {
  quick: QuickReason[];
  text: string;
}

const isQuick = (line: string): line is QuickReason => QUICK_REASONS.some((r) => r.stored === line);

/** The stored text of a reason (null when nothing was said). */
export function formatReason({ quick, text }: FeedbackReason): string | null {
  const ordered = QUICK_REASONS.map((r) => r.stored).filter((r) => quick.includes(r));
  const joined = [...ordered, text.trim()].filter(Boolean).join('\n');
  return joined ? joined.slice(0, CHAT_FEEDBACK_REASON_MAX_LENGTH) : null;
}

/** A stored reason back into quick reasons and words (to edit it later). */
export function parseReason(reason: string | null | undefined): FeedbackReason {
  const lines = (reason ?? '').split('\n');
  const quick: QuickReason[] = [];
  while (lines.length && isQuick(lines[0])) quick.push(lines.shift() as QuickReason);
  return { quick, text: lines.join('\n') };
}

/** How long the user's words may be beside the quick reasons picked. */
export function textRoom(quick: readonly QuickReason[]): number {
  const used = quick.reduce((sum, r) => sum + r.length + 1, 0);
  return Math.max(0, CHAT_FEEDBACK_REASON_MAX_LENGTH - used);
}
