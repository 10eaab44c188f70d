import { FRENCH_STOP_WORDS } from './stop-words';

/**
 * English or French? A light detector for short chat questions: it counts each language's most
 * common words (and French accented letters). Trigram detectors (franc) are unreliable on a
 * five-word question, and the offline advisor only needs to pick between its two texts. Anything
 * that is not clearly French (Pidgin, Swahili, a single word) is answered in English.
 */
export type ReplyLanguage = 'en' | 'fr';

/** English function words (counted for English unless French uses the same word). */
const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'the an and or but is are was were be been am do does did have has had i you he she it we they ' +
    'my your his her its our their this that these those what which who whom where when why how much ' +
    'many of to in on for with from by at about can could should would will not no yes if then there ' +
    'here me get please hello thanks any some more cost costs'
  ).split(' '),
);

// Words both languages use ('me', 'on'...) count for neither; one-letter pieces of English
// contractions (it's, don't, I'm) do not count for French.
const FRENCH_ONLY = new Set(
  [...FRENCH_STOP_WORDS].filter(
    (word) => !ENGLISH_WORDS.has(word) && (word.length > 1 || 'ljy'.includes(word)),
  ),
);
const ENGLISH_ONLY = new Set([...ENGLISH_WORDS].filter((word) => !FRENCH_STOP_WORDS.has(word)));

/** Lower-case words of a text, split at anything that is not a letter or digit (so "l'eau" → l, eau). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-ce)?/gu) ?? [];
}

export function detectReplyLanguage(text: string): ReplyLanguage {
  const words = wordsOf(text);
  let french = 0;
  let english = 0;
  for (const word of words) {
    if (FRENCH_ONLY.has(word)) french += 1;
    else if (ENGLISH_ONLY.has(word)) english += 1;
    else if (/[àâçéèêëîïôûùüÿœæ]/.test(word)) french += 0.5;
  }
  return french > english ? 'fr' : 'en';
}
