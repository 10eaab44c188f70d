// What reading a reply aloud costs a Basic user, told before a long reply is read
// (docs/product.md#versions-and-branches: Read aloud). The estimate is the server's own
// (estimatedSpeechSeconds of @kasa/contracts: what POST /api/voice/speak reserves), so the figure
// shown is the figure charged up front.
import {
  estimatedSpeechSeconds,
  speechCharactersWithin,
  UNLIMITED,
  type SubscriptionStatus,
} from '@kasa/contracts';

/** A reply is long from this many estimated seconds… */
export const LONG_READ_ALOUD_SECONDS = 30;
/** …or from this share of the monthly voice quota. */
export const LONG_READ_ALOUD_QUOTA_PERCENT = 10;

export interface ReadAloudCost {
  /** Estimated voice seconds of the whole text. */
  seconds: number;
  /** The month's voice quota, in seconds. */
  quota: number;
  /** Seconds left this month. */
  left: number;
  /**
   * Too little left for the whole text: the beginning that fits (cut at a word), which the
   * server accepts; null when the whole text fits.
   */
  beginning: string | null;
}

/**
 * The cost to show before speaking `speech`, or null to speak at once: on Pro, while the status is
 * unknown, with an unlimited quota, for a short text, and when not even a beginning fits (the
 * request then meets the usual usage-limit message).
 */
export function readAloudCost(status: SubscriptionStatus | undefined, speech: string): ReadAloudCost | null {
  if (!status || status.plan !== 'BASIC_PLAN') return null;
  const quota = status.usage.limits.voiceMinutesPerMonth;
  if (quota === UNLIMITED || quota <= 0) return null;
  const seconds = estimatedSpeechSeconds(speech);
  const long = seconds >= LONG_READ_ALOUD_SECONDS || seconds * 100 >= quota * LONG_READ_ALOUD_QUOTA_PERCENT;
  if (!long) return null;
  const left = Math.max(0, quota - status.usage.current.voiceMinutes);
  if (seconds <= left) return { seconds, quota, left, beginning: null };
  const beginning = beginningOf(speech, speechCharactersWithin(left));
  return beginning ? { seconds, quota, left, beginning } : null;
}

/** The first `length` characters at most, cut after the last whole word. */
function beginningOf(text: string, length: number): string {
  if (length <= 0) return '';
  const cut = text.slice(0, length);
  if (cut.length === text.length || /\s/.test(text[length] ?? '')) return cut.trimEnd();
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** Seconds as the meters show time: '45 s', '10 min', '1 min 40 s' (the same in French). */
export function formatVoiceTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
