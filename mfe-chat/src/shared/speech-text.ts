// A reply's markdown as plain text and as speech: the conversation's actions (Copy, Share, Read
// aloud) and voice mode's spoken answers use it, so it sits below both.
import { SPEECH_TEXT_MAX_LENGTH } from '@kasa/contracts';

/**
 * A reply as plain text (Copy as plain text, Share): markdown marks (emphasis, headings, code
 * fences, quote marks) dropped, links kept as their text, list bullets as '•'.
 */
export function plainTextOf(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>)\s+/gm, '')
    .replace(/^([ \t]*)[-*+]\s+/gm, '$1• ')
    .replace(/[*_`~]+/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A reply as it should be heard: its plain text without list marks, no longer than the speech limit. */
export function speechTextOf(markdown: string): string {
  const plain = plainTextOf(markdown).replace(/^[ \t]*(•|\d+\.)\s+/gm, '');
  return plain.length > SPEECH_TEXT_MAX_LENGTH ? plain.slice(0, SPEECH_TEXT_MAX_LENGTH) : plain;
}
