/**
 * Characters per second assumed before speech exists. Engines speak about 14 to 16 characters a
 * second (eSpeak NG at its default 175 words a minute, OpenAI's voices alike); 10 is generous, so
 * that the reservation taken before the work almost always covers it and settling only gives
 * seconds back.
 */
const ESTIMATED_CHARACTERS_PER_SECOND = 10;
/** Pauses at the start, the end and between sentences. */
const ESTIMATED_PAUSE_SECONDS = 2;

/** The voice seconds reserved before speaking `text`: more than it will take, rarely less. */
export function estimatedSpeechSeconds(text: string): number {
  return Math.ceil(text.length / ESTIMATED_CHARACTERS_PER_SECOND) + ESTIMATED_PAUSE_SECONDS;
}

/** The whole seconds the voice quota counts for audio of `duration` seconds (at least 1). */
export function meteredSeconds(duration: number): number {
  return Math.max(1, Math.ceil(duration));
}
