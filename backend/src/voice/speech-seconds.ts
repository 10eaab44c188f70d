// The estimate is shared with the chat, which tells a Basic user the cost before reading aloud.
export { estimatedSpeechSeconds } from '@kasa/contracts';

/** The whole seconds the voice quota counts for audio of `duration` seconds (at least 1). */
export function meteredSeconds(duration: number): number {
  return Math.max(1, Math.ceil(duration));
}
