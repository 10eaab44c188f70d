import {
  FARM_ICON_FOR_WORD,
  FARM_PHRASES,
  FARM_WORDS_WITHOUT_ICON,
  GENERAL_ICON_FOR_WORD,
} from './icon-vocabulary';
import { nounForms, promptNouns, promptWords } from './prompt-nouns';

export const MAX_ICONS = 4;

/**
 * Icons of the set named like an everyday word but drawing something else, or nothing a prompt
 * means: body parts, signs, symbols, the zodiac, verbs ("watch", "fly").
 */
const NOT_PICTURES = new Set(
  (
    'eye eyes ear nose leg foot mouth tongue tooth plus minus divide multiply memo zzz om leo ' +
    'hamsa khanda keycap information infinity copyright registered prohibited warning locked ' +
    'unlocked link label knot hole dizzy kiss sake mate watch cook fly person adult ring pound ' +
    'station star sparkle sparkles splatter selfie customs judge guard wing window seat ' +
    'aries taurus gemini cancer virgo libra scorpio scorpius sagittarius capricorn aquarius ' +
    'pisces ophiuchus'
  ).split(/\s+/),
);

const WORDS_WITHOUT_ICON = new Set(FARM_WORDS_WITHOUT_ICON);

/** How long FARM_PHRASES' phrases are, longest first. */
const PHRASE_LENGTHS = [...new Set(Object.keys(FARM_PHRASES).map((phrase) => phrase.split(' ').length))].sort(
  (a, b) => b - a,
);

/** A noun of the prompt and the vocabulary that knows it. */
type Match =
  { kind: 'farm'; icon: string | null } | { kind: 'general'; icon: string } | { kind: 'noun'; word: string };

/**
 * The icons (0 to MAX_ICONS, distinct) that faithfully illustrate a prompt. Its farm names
 * (phrases first) come first, then its everyday nouns, then nouns that name an icon of the set
 * (`isIcon`: 'lion', 'guitar'); within each, the prompt's order. None: nothing of the prompt can be
 * drawn, and the caller says so rather than draw something else.
 */
export function chooseIcons(prompt: string, isIcon: (name: string) => boolean): string[] {
  const matches = promptMatches(prompt);
  const farm = matches.flatMap((match) => (match.kind === 'farm' && match.icon ? [match.icon] : []));
  const general = matches.flatMap((match) => (match.kind === 'general' ? [match.icon] : []));
  const named = matches.flatMap((match) => {
    if (match.kind !== 'noun') return [];
    const icon = nounForms(match.word).find(
      (form) => form.length >= 3 && !NOT_PICTURES.has(form) && isIcon(form),
    );
    return icon ? [icon] : [];
  });
  return [...new Set([...farm, ...general, ...named])].slice(0, MAX_ICONS);
}

function promptMatches(prompt: string): Match[] {
  const words = promptWords(prompt);
  const nouns = new Set(promptNouns(prompt));
  const matches: Match[] = [];
  for (let at = 0; at < words.length;) {
    const phrase = phraseAt(words, at);
    if (phrase) {
      matches.push({ kind: 'farm', icon: phrase.icon });
      at += phrase.length;
      continue;
    }
    const word = words[at++];
    if (nouns.has(word)) matches.push(nounMatch(word));
  }
  return matches;
}

/** A FARM_PHRASES phrase starting at `at`, its words singular or plural. */
function phraseAt(words: string[], at: number): { icon: string | null; length: number } | undefined {
  for (const length of PHRASE_LENGTHS) {
    if (at + length > words.length) continue;
    const phraseWords = words.slice(at, at + length);
    for (const phrase of Object.keys(FARM_PHRASES)) {
      const parts = phrase.split(' ');
      if (parts.length === length && parts.every((part, i) => nounForms(phraseWords[i]).includes(part)))
        return { icon: FARM_PHRASES[phrase], length };
    }
  }
  return undefined;
}

function nounMatch(word: string): Match {
  const forms = nounForms(word);
  for (const form of forms) {
    const icon = FARM_ICON_FOR_WORD.get(form);
    if (icon) return { kind: 'farm', icon };
    if (WORDS_WITHOUT_ICON.has(form)) return { kind: 'farm', icon: null };
  }
  for (const form of forms) {
    const icon = GENERAL_ICON_FOR_WORD.get(form);
    if (icon) return { kind: 'general', icon };
  }
  return { kind: 'noun', word };
}
