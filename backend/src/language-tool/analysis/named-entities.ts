import type { NamedEntity, NamedEntityType } from '@kasa/contracts';
import { ENGLISH_STOP_WORDS, FRENCH_STOP_WORDS } from '../../ai/language/stop-words';
import { countryName } from '../lexicon/country-names';
import type { LexiconLanguage } from '../lexicon/lexicon-files';
import { textWords, type TextWord } from './text-words';

/** Africa's countries (ISO 3166-1 alpha-2, and Western Sahara), named in the gazetteer besides those of the data. */
export const AFRICAN_COUNTRIES: readonly string[] = (
  'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU ' +
  'MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW EH'
).split(' ');

/**
 * Cities the gazetteer knows, kept to what the data justifies: the capital of each country the
 * lexicon's languages are spoken in (languages.csv), in English and French where the spellings
 * differ, and the regional capitals of where the product's own languages are spoken: Bamenda (the
 * North-West Region of Cameroon: Babanki, Bum, Ngemba) and Enugu and Owerri (Igbo-speaking
 * states of Nigeria). Western Sahara's capital is disputed and left out.
 */
const CITIES: readonly { names: string[]; country: string; note?: string }[] = [
  { names: ['Abuja'], country: 'NG' },
  { names: ['Yaoundé', 'Yaounde'], country: 'CM' },
  { names: ["N'Djamena", 'Ndjamena'], country: 'TD' },
  { names: ['Conakry'], country: 'GN' },
  { names: ['Brazzaville'], country: 'CG' },
  { names: ['Porto-Novo'], country: 'BJ' },
  { names: ['Freetown'], country: 'SL' },
  { names: ['Dakar'], country: 'SN' },
  { names: ['Niamey'], country: 'NE' },
  { names: ['Bamako'], country: 'ML' },
  { names: ['Bissau'], country: 'GW' },
  { names: ['Monrovia'], country: 'LR' },
  { names: ['Bangui'], country: 'CF' },
  { names: ['Lomé', 'Lome'], country: 'TG' },
  { names: ['Libreville'], country: 'GA' },
  { names: ['Ouagadougou'], country: 'BF' },
  { names: ['Luanda'], country: 'AO' },
  { names: ['Accra'], country: 'GH' },
  { names: ['Yamoussoukro'], country: 'CI' },
  { names: ['Kinshasa'], country: 'CD' },
  { names: ['Banjul'], country: 'GM' },
  { names: ['Nouakchott'], country: 'MR' },
  { names: ['Malabo'], country: 'GQ' },
  { names: ['Maputo'], country: 'MZ' },
  { names: ['Tripoli'], country: 'LY' },
  { names: ['Algiers', 'Alger'], country: 'DZ' },
  { names: ['Harare'], country: 'ZW' },
  { names: ['Lusaka'], country: 'ZM' },
  { names: ['Dodoma'], country: 'TZ' },
  { names: ['Mbabane'], country: 'SZ' },
  { names: ['Khartoum'], country: 'SD' },
  { names: ['Lilongwe'], country: 'MW' },
  { names: ['Rabat'], country: 'MA' },
  { names: ['Pretoria'], country: 'ZA' },
  { names: ['Windhoek'], country: 'NA' },
  { names: ['Addis Ababa', 'Addis-Abeba'], country: 'ET' },
  { names: ['Asmara'], country: 'ER' },
  { names: ['Bamenda'], country: 'CM', note: 'capital of the North-West Region' },
  { names: ['Enugu'], country: 'NG', note: 'capital of Enugu State' },
  { names: ['Owerri'], country: 'NG', note: 'capital of Imo State' },
];

/** Words that make a capitalised name an organisation's (English and French). */
const ORGANIZATION_WORDS: ReadonlySet<string> = new Set(
  (
    'university université universite ministry ministère ministere bank banque company compagnie ' +
    'société societe cooperative coopérative cooperative association sa ltd inc plc group groupe ' +
    'corporation foundation fondation'
  ).split(' '),
);

/** Titles before a person's name (English, French, and Cameroonian English Pa and Ma). */
const TITLES: ReadonlySet<string> = new Set(
  'mr mrs ms dr prof chief m mme mlle pa ma sir madam madame monsieur'.split(' '),
);
/** Titles that are also ordinary words or letters: a title only with its full stop ('M.') or before a name. */
const TITLES_NEEDING_STOP: ReadonlySet<string> = new Set(['m']);

/** Small words inside a name ("University of Buea", "Ministère de la Santé"). */
const CONNECTORS: ReadonlySet<string> = new Set('of for and de du des la le les d et the'.split(' '));

const MAX_GAZETTEER_WORDS = 4;

export interface GazetteerEntry {
  type: NamedEntityType;
  description: string;
}

/** Names by their words' keys joined by spaces (what textWords makes of the name). */
export type Gazetteer = ReadonlyMap<string, GazetteerEntry>;

const keyOf = (name: string) =>
  textWords(name)
    .map((word) => word.key)
    .join(' ');

const isStopWord = (key: string) => ENGLISH_STOP_WORDS.has(key) || FRENCH_STOP_WORDS.has(key);

/**
 * The gazetteer: countries (those of the data and all of Africa, in English and French, from the
 * runtime's ICU names), the cities above, and the languages of languages.csv plus English and
 * French. A language name that is also an English or French function word is left out. Earlier
 * entries win: a country, then a city, then a language.
 */
export function buildGazetteer(languages: Iterable<LexiconLanguage>): Gazetteer {
  const entries = new Map<string, GazetteerEntry>();
  const add = (name: string, entry: GazetteerEntry) => {
    const key = keyOf(name);
    if (key === '' || key.split(' ').length > MAX_GAZETTEER_WORDS || entries.has(key)) return;
    entries.set(key, entry);
  };
  const list = [...languages];
  const countries = new Set([...list.flatMap((language) => language.countryCodes), ...AFRICAN_COUNTRIES]);
  for (const code of countries) {
    const english = countryName(code, 'en');
    if (english === code) continue;
    const entry: GazetteerEntry = { type: 'PLACE', description: `Country (${english})` };
    add(english, entry);
    add(countryName(code, 'fr'), entry);
  }
  for (const city of CITIES) {
    const country = countryName(city.country, 'en');
    const description = city.note ? `City in ${country}, ${city.note}` : `Capital of ${country}`;
    for (const name of city.names) add(name, { type: 'PLACE', description });
  }
  for (const name of ['English', 'Anglais'])
    add(name, { type: 'LANGUAGE', description: 'Language (international)' });
  for (const name of ['French', 'Français'])
    add(name, { type: 'LANGUAGE', description: 'Language (international)' });
  for (const language of list) {
    if (isStopWord(keyOf(language.name))) continue;
    const where = language.country ? `Language of ${language.country}` : 'Language';
    add(language.name, {
      type: 'LANGUAGE',
      description: language.family ? `${where}, ${language.family} family` : where,
    });
  }
  return entries;
}

/**
 * Named entities of a text, offline: names of the gazetteer (longest first), then capitalised
 * spans. A span is an ORGANIZATION when it has a word like University or Banque, a PERSON after a
 * title (Mr, Dr, Mme, Pa...) or when it is two or three capitalised words, else OTHER. A single
 * capitalised word at the start of a sentence is not a name: its capital is the sentence's.
 */
export function findNamedEntities(text: string, gazetteer: Gazetteer, language: string): NamedEntity[] {
  const normalized = text.normalize('NFC');
  const words = textWords(normalized);
  const found: NamedEntity[] = [];
  const emit = (from: number, to: number, type: NamedEntityType, description: string) => {
    const entityText = normalized.slice(words[from].start, words[to].end);
    if (!found.some((entity) => entity.text === entityText && entity.type === type))
      found.push({ text: entityText, type, language, description });
  };
  const gazetteerAt = (index: number, limit: number): { end: number; entry: GazetteerEntry } | undefined => {
    for (let size = Math.min(MAX_GAZETTEER_WORDS, limit - index); size >= 1; size -= 1) {
      const key = words
        .slice(index, index + size)
        .map((word) => word.key)
        .join(' ');
      const entry = gazetteer.get(key);
      // Later words of a name may be small ("Côte d'Ivoire"), never its last one.
      if (entry && words[index + size - 1].capitalised) return { end: index + size - 1, entry };
    }
    return undefined;
  };

  /** A capitalised span [from, to] that no gazetteer name covers whole. */
  const classify = (from: number, to: number, sentenceStart: boolean) => {
    const span = words.slice(from, to + 1);
    const organization = span.find((word) => ORGANIZATION_WORDS.has(word.key));
    if (organization)
      return emit(from, to, 'ORGANIZATION', `Organization (named with '${organization.text}')`);
    // A name of the gazetteer inside a longer span ("Marie Yaoundé"): each part on its own.
    for (let index = from; index <= to; index += 1) {
      const match = gazetteerAt(index, to + 1);
      if (!match || (index === from && match.end === to)) continue;
      if (index > from) classify(from, index - 1, sentenceStart);
      emit(index, match.end, match.entry.type, match.entry.description);
      if (match.end < to) classify(match.end + 1, to, false);
      return;
    }
    const capitalisedWords = span.filter((word) => word.capitalised).length;
    if (capitalisedWords === 1) {
      if (!sentenceStart) emit(from, to, 'OTHER', 'Capitalised name not in the gazetteer');
    } else if (capitalisedWords <= 3 && span.every((word) => word.capitalised))
      emit(from, to, 'PERSON', 'Person (a name of capitalised words)');
    else emit(from, to, 'OTHER', 'Capitalised name not in the gazetteer');
  };

  let index = 0;
  while (index < words.length) {
    const word = words[index];
    if (!word.capitalised) {
      index += 1;
      continue;
    }
    const title = titleAt(normalized, words, index);
    if (title) {
      let end = index + 1;
      while (end + 1 < words.length && words[end + 1].capitalised && !words[end + 1].sentenceStart) end += 1;
      emit(index + 1, end, 'PERSON', `Person (after the title '${title}')`);
      index = end + 1;
      continue;
    }
    const match = gazetteerAt(index, words.length);
    if (match) {
      emit(index, match.end, match.entry.type, match.entry.description);
      index = match.end + 1;
      continue;
    }
    // A sentence's first word that is a function word ("The", "Le") is not part of a name.
    if (word.sentenceStart && isStopWord(word.key)) {
      index += 1;
      continue;
    }
    let end = index;
    for (;;) {
      let next = end + 1;
      // Up to two small words, then a capital ("de la Santé").
      while (
        next < words.length &&
        next - end <= 2 &&
        CONNECTORS.has(words[next].key) &&
        !words[next].capitalised
      )
        next += 1;
      const candidate = words[next];
      if (!candidate?.capitalised || words.slice(end + 1, next + 1).some((item) => item.sentenceStart)) break;
      // A title starts a name of its own ("Yesterday Dr. Ngwa").
      if (titleAt(normalized, words, next)) break;
      end = next;
    }
    classify(index, end, word.sentenceStart);
    index = end + 1;
  }
  return found;
}

/** The title at `index` when a capitalised name follows it ('Dr Ngwa', 'M. Tabi'), else undefined. */
function titleAt(text: string, words: readonly TextWord[], index: number): string | undefined {
  const word = words[index];
  const next = words[index + 1];
  if (!TITLES.has(word.key) || !next?.capitalised) return undefined;
  const stop = text[word.end] === '.';
  // After 'Dr.' the next word looks like a sentence's first: the full stop is the title's.
  if (next.sentenceStart && !(stop && /^\.\s*$/.test(text.slice(word.end, next.start)))) return undefined;
  if (TITLES_NEEDING_STOP.has(word.key) && !stop) return undefined;
  return stop ? `${word.text}.` : word.text;
}
