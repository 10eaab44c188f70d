/**
 * The voice seconds a text costs to speak, estimated before the speech exists: what the server
 * reserves from the voice quota before POST /api/voice/speak does the work
 * (backend/src/voice/voice.service.ts), and what the chat tells a Basic user before reading a long
 * reply aloud (docs/product.md#conversations), so the two never disagree.
 *
 * Engines speak about 14 to 16 characters a second (eSpeak NG at its default 175 words a minute,
 * OpenAI's voices alike); 10 is generous, so that the reservation taken before the work almost
 * always covers it and settling only gives seconds back.
 */
export const SPEECH_ESTIMATED_CHARACTERS_PER_SECOND = 10;
/** Pauses at the start, the end and between sentences. */
export const SPEECH_ESTIMATED_PAUSE_SECONDS = 2;

/** The voice seconds reserved before speaking `text`: more than it will take, rarely less. */
export function estimatedSpeechSeconds(text: string): number {
  return Math.ceil(text.length / SPEECH_ESTIMATED_CHARACTERS_PER_SECOND) + SPEECH_ESTIMATED_PAUSE_SECONDS;
}

/** The most characters whose estimate fits in `seconds` (0 when not even the pauses fit). */
export function speechCharactersWithin(seconds: number): number {
  return Math.max(
    0,
    Math.floor(seconds - SPEECH_ESTIMATED_PAUSE_SECONDS) * SPEECH_ESTIMATED_CHARACTERS_PER_SECOND,
  );
}
