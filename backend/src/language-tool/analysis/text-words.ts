import { foldKey } from '../lexicon/fold';

/** A word of the analysed text, where it is, and what the dictionary matches it on. */
export interface TextWord {
  /** As written (NFC). */
  text: string;
  /** foldKey(text): the dictionary's form_key and gloss_key side. */
  key: string;
  start: number;
  end: number;
  /** First word of the text or of a sentence (its capital says nothing about a name). */
  sentenceStart: boolean;
  /** Starts with an upper-case letter. */
  capitalised: boolean;
}

/**
 * Letters with their combining marks (tones, dots below) and the glottal stop, joined by inner
 * hyphens ("nɨ̀sɔ̀b-kwà" is one numeral). Digits stand alone: ASJP's phonetic code uses them as
 * letters ('53' is Babanki 'drink'), so a number in a text must not be read as a word.
 */
const WORD = /[\p{L}\p{M}ʔ']+(?:-[\p{L}\p{M}ʔ']+)*/gu;
const SENTENCE_END = /[.!?…:;\n]\s*$/;

/** The words of a text, in order. Apostrophes split French elisions ("l'eau" → l, eau). */
export function textWords(text: string): TextWord[] {
  const normalized = text.normalize('NFC');
  const words: TextWord[] = [];
  for (const match of normalized.matchAll(WORD)) {
    for (const piece of splitElisions(match[0], match.index)) {
      const before = normalized.slice(0, piece.start);
      const previous = words.at(-1);
      const sentenceStart = !previous || SENTENCE_END.test(before.slice(previous.end));
      words.push({
        text: piece.text,
        key: foldKey(piece.text),
        start: piece.start,
        end: piece.start + piece.text.length,
        sentenceStart,
        capitalised: /^\p{Lu}/u.test(piece.text),
      });
    }
  }
  return words.filter((word) => word.key !== '');
}

function splitElisions(token: string, offset: number): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  let start = 0;
  for (let index = 0; index <= token.length; index += 1) {
    if (index === token.length || token[index] === "'") {
      if (index > start) pieces.push({ text: token.slice(start, index), start: offset + start });
      start = index + 1;
    }
  }
  return pieces;
}
