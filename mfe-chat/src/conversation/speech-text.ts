import { SPEECH_TEXT_MAX_LENGTH } from '@kasa/contracts';

/**
 * A reply as it should be heard: markdown marks (emphasis, headings, code fences, list bullets,
 * quote marks) dropped, links read by their text, and no longer than the speech limit.
 */
export function speechTextOf(markdown: string): string {
  const plain = markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain.length > SPEECH_TEXT_MAX_LENGTH ? plain.slice(0, SPEECH_TEXT_MAX_LENGTH) : plain;
}
