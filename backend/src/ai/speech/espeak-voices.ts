import type { SpeechVoice } from './speech.port';

/**
 * The languages the offline engine detects (franc's ISO 639-3 codes) and the eSpeak NG voice it
 * speaks each with. Only languages eSpeak has a voice for are candidates: a detector allowed to
 * answer Hausa would send Swahili text to a voice that does not exist.
 */
export const ESPEAK_LANGUAGES: Readonly<Record<string, string>> = {
  eng: 'en-us',
  fra: 'fr',
  swh: 'sw',
  amh: 'am',
  afr: 'af',
  por: 'pt',
  spa: 'es',
  deu: 'de',
  arb: 'ar',
};

/** Text too short to tell (a word or two) is read in English. */
export const FALLBACK_LANGUAGE = 'eng';

/** Each of the six voice names is a distinct eSpeak variant (files in espeak-ng-data/voices/!v). */
export const ESPEAK_VARIANTS: Readonly<Record<SpeechVoice, string>> = {
  alloy: 'm7',
  echo: 'm3',
  fable: 'm2',
  onyx: 'm1',
  nova: 'f3',
  shimmer: 'f4',
};
