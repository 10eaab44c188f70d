import type { LinguisticAnalysis } from '@kasa/contracts';
import { ENGLISH_STOP_WORDS, FRENCH_STOP_WORDS } from '../../ai/language/stop-words';
import type { TextWord } from './text-words';

/**
 * The languages franc is asked to choose between, besides the requested ones it knows. franc-all
 * knows about 400 languages; on a sentence or two the full set answers nonsense (a French
 * sentence comes out as Occitan or Bulu), so it only chooses between the languages a text sent to
 * this tool is likely to be in: English and French, and the large languages of Cameroon and
 * Nigeria (Hausa, Yoruba, Igbo, Fulfulde) and Swahili. Nigerian Pidgin ('pcm') is left out unless
 * asked for: its trigrams are so close to English that it wins short English sentences.
 */
export const FRANC_CANDIDATES: readonly string[] = ['eng', 'fra', 'hau', 'yor', 'ibo', 'fuv', 'swh'];

/** Fewer letters than this and franc answers 'und' (its own default). */
export const FRANC_MIN_LENGTH = 10;

/**
 * English and French function words, each counted only for the language that alone uses it ('me'
 * and 'on' count for neither). Trigrams are unreliable on a short sentence; its function words
 * are not, so they steady franc's choice between the two (see ai/language/detect-language.ts).
 */
const ENGLISH_ONLY = new Set([...ENGLISH_STOP_WORDS].filter((word) => !FRENCH_STOP_WORDS.has(word)));
const FRENCH_ONLY = new Set(
  [...FRENCH_STOP_WORDS].filter((word) => !ENGLISH_STOP_WORDS.has(word) && word.length > 1),
);
/** How much a text made only of function words adds to franc's 0..1 score. */
const FUNCTION_WORD_WEIGHT = 1;

/**
 * What a language the request names adds to franc's score: the user says which languages to
 * expect, which settles a near tie (a Hausa greeting franc scores 0.92 against Swahili's 1).
 */
const REQUESTED_PRIOR = 0.1;

/** A share of the words smaller than this is noise, not a second language. */
export const MIXED_SHARE_MIN = 0.15;

export interface IdentificationInput {
  words: readonly TextWord[];
  /**
   * form_key → the candidate lexicon languages that have a form with that key (the dictionary's
   * answer for the text's words).
   */
  formLanguages: ReadonlyMap<string, readonly string[]>;
  /** franc's ranking of residualText(), best first, scores 0..1; [] or [['und', 1]] when undecided. */
  franc: readonly (readonly [string, number])[];
  /** The languages the request names (franc's near ties go to them). */
  requested?: readonly string[];
}

export type Identification = Omit<LinguisticAnalysis, 'detectedLanguageName' | 'culturalContext'> & {
  /** Each language's share of the words (0..1). */
  shares: Record<string, number>;
};

/** A word the dictionary counts: in a candidate language, not an English or French function word, not one letter. */
export function isDictionaryEvidence(
  word: TextWord,
  formLanguages: IdentificationInput['formLanguages'],
): boolean {
  return (
    (formLanguages.get(word.key)?.length ?? 0) > 0 &&
    [...word.key].length > 1 &&
    !ENGLISH_STOP_WORDS.has(word.key) &&
    !FRENCH_STOP_WORDS.has(word.key)
  );
}

/**
 * The text franc reads: the words the dictionary did not claim, without the capitalised words
 * inside sentences (names: "Bamenda" has no language's trigrams).
 */
export function residualText(
  words: readonly TextWord[],
  formLanguages: IdentificationInput['formLanguages'],
): string {
  return words
    .filter(
      (word) => !isDictionaryEvidence(word, formLanguages) && !(word.capitalised && !word.sentenceStart),
    )
    .map((word) => word.text)
    .join(' ');
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Which language a text is in, from two kinds of evidence:
 * - the dictionary: each word that is a form of a lexicon language counts for it (a word found
 *   in k languages counts 1/k for each);
 * - franc's trigrams over the other words, steadied by English and French function words.
 * Each language's share is the part of the words it accounts for; the detected language is the
 * one with the best share times the strength of its evidence (more words, a clearer franc
 * margin, a longer text), which is also the confidence. A text with no evidence is 'und', 0.
 */
export function identifyLanguage({
  words,
  formLanguages,
  franc,
  requested = [],
}: IdentificationInput): Identification {
  const undetermined: Identification = {
    detectedLanguage: 'und',
    confidence: 0,
    mixedLanguages: [],
    method: 'none',
    shares: {},
  };
  if (words.length === 0) return undetermined;

  const dictionaryWords = new Map<string, number>();
  const residual: TextWord[] = [];
  for (const word of words) {
    if (isDictionaryEvidence(word, formLanguages)) {
      const languages = formLanguages.get(word.key)!;
      for (const language of languages)
        dictionaryWords.set(language, (dictionaryWords.get(language) ?? 0) + 1 / languages.length);
    } else residual.push(word);
  }

  const residualLanguage = francChoice(residual, franc, requested);
  const shares = new Map<string, number>();
  const scores = new Map<string, number>();
  const sources = new Map<string, Set<'franc' | 'dictionary'>>();
  const add = (language: string, share: number, strength: number, source: 'franc' | 'dictionary') => {
    shares.set(language, (shares.get(language) ?? 0) + share);
    scores.set(language, (scores.get(language) ?? 0) + share * strength);
    sources.set(language, (sources.get(language) ?? new Set()).add(source));
  };
  for (const [language, count] of dictionaryWords)
    add(language, count / words.length, count / (count + 1), 'dictionary');
  if (residualLanguage)
    add(residualLanguage.language, residual.length / words.length, residualLanguage.strength, 'franc');

  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || ranked[0][1] <= 0) return undetermined;
  const [detected, score] = ranked[0];
  const mixedLanguages = [...shares.entries()]
    .filter(([language, share]) => language !== detected && share >= MIXED_SHARE_MIN)
    .sort((a, b) => b[1] - a[1])
    .map(([language]) => language);
  const used = new Set([detected, ...mixedLanguages].flatMap((language) => [...sources.get(language)!]));
  return {
    detectedLanguage: detected,
    confidence: round2(Math.min(1, score)),
    mixedLanguages,
    method: used.has('franc') ? (used.has('dictionary') ? 'franc+dictionary' : 'franc') : 'dictionary',
    shares: Object.fromEntries([...shares.entries()].map(([language, share]) => [language, round2(share)])),
  };
}

/**
 * The language of the words the dictionary did not claim, and how strong that evidence is
 * (0..1): franc's margin over the runner-up and the length of the text. Function words alone
 * decide between English and French when franc finds the text too short.
 */
function francChoice(
  residual: readonly TextWord[],
  franc: IdentificationInput['franc'],
  requested: readonly string[],
): { language: string; strength: number } | undefined {
  if (residual.length === 0) return undefined;
  const functionWords = { eng: 0, fra: 0 };
  for (const word of residual) {
    const lower = word.text.toLowerCase();
    if (ENGLISH_ONLY.has(lower)) functionWords.eng += 1;
    else if (FRENCH_ONLY.has(lower)) functionWords.fra += 1;
  }
  const scores = new Map<string, number>(
    franc
      .filter(([code]) => code !== 'und')
      .map(([code, score]) => [code, score + (requested.includes(code) ? REQUESTED_PRIOR : 0)]),
  );
  for (const language of ['eng', 'fra'] as const)
    if (functionWords[language] > 0)
      scores.set(
        language,
        (scores.get(language) ?? 0) + (FUNCTION_WORD_WEIGHT * functionWords[language]) / residual.length,
      );
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return undefined;
  const [language, best] = ranked[0];
  const margin = ranked.length > 1 ? Math.max(0, best - ranked[1][1]) : best;
  const letters = residual.reduce((sum, word) => sum + [...word.key].length, 0);
  return { language, strength: Math.min(1, 0.5 + margin) * (letters / (letters + 10)) };
}
