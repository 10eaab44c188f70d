/**
 * The language a transcription server answers, as an ISO 639-1 code. OpenAI's whisper-1 answers
 * the language's English name in `verbose_json` ('english', 'french'...: whisper's own table,
 * below); faster-whisper servers answer the code itself.
 */

/** Whisper's language names (whisper/tokenizer.py LANGUAGES and its aliases) → ISO 639-1. */
const WHISPER_LANGUAGE_CODES: Readonly<Record<string, string>> = {
  afrikaans: 'af',
  albanian: 'sq',
  amharic: 'am',
  arabic: 'ar',
  armenian: 'hy',
  assamese: 'as',
  azerbaijani: 'az',
  bashkir: 'ba',
  basque: 'eu',
  belarusian: 'be',
  bengali: 'bn',
  bosnian: 'bs',
  breton: 'br',
  bulgarian: 'bg',
  burmese: 'my',
  cantonese: 'zh',
  castilian: 'es',
  catalan: 'ca',
  chinese: 'zh',
  croatian: 'hr',
  czech: 'cs',
  danish: 'da',
  dutch: 'nl',
  english: 'en',
  estonian: 'et',
  faroese: 'fo',
  finnish: 'fi',
  flemish: 'nl',
  french: 'fr',
  galician: 'gl',
  georgian: 'ka',
  german: 'de',
  greek: 'el',
  gujarati: 'gu',
  haitian: 'ht',
  'haitian creole': 'ht',
  hausa: 'ha',
  hawaiian: 'haw',
  hebrew: 'he',
  hindi: 'hi',
  hungarian: 'hu',
  icelandic: 'is',
  igbo: 'ig',
  indonesian: 'id',
  italian: 'it',
  japanese: 'ja',
  javanese: 'jv',
  kannada: 'kn',
  kazakh: 'kk',
  khmer: 'km',
  kinyarwanda: 'rw',
  korean: 'ko',
  lao: 'lo',
  latin: 'la',
  latvian: 'lv',
  letzeburgesch: 'lb',
  lingala: 'ln',
  lithuanian: 'lt',
  luxembourgish: 'lb',
  macedonian: 'mk',
  malagasy: 'mg',
  malay: 'ms',
  malayalam: 'ml',
  maltese: 'mt',
  mandarin: 'zh',
  maori: 'mi',
  marathi: 'mr',
  moldavian: 'ro',
  moldovan: 'ro',
  mongolian: 'mn',
  myanmar: 'my',
  nepali: 'ne',
  norwegian: 'no',
  nynorsk: 'nn',
  occitan: 'oc',
  panjabi: 'pa',
  pashto: 'ps',
  persian: 'fa',
  polish: 'pl',
  portuguese: 'pt',
  punjabi: 'pa',
  pushto: 'ps',
  romanian: 'ro',
  russian: 'ru',
  sanskrit: 'sa',
  serbian: 'sr',
  shona: 'sn',
  sindhi: 'sd',
  sinhala: 'si',
  sinhalese: 'si',
  slovak: 'sk',
  slovenian: 'sl',
  somali: 'so',
  spanish: 'es',
  sundanese: 'su',
  swahili: 'sw',
  swedish: 'sv',
  tagalog: 'tl',
  tajik: 'tg',
  tamil: 'ta',
  tatar: 'tt',
  telugu: 'te',
  thai: 'th',
  tibetan: 'bo',
  turkish: 'tr',
  turkmen: 'tk',
  ukrainian: 'uk',
  urdu: 'ur',
  uzbek: 'uz',
  valencian: 'ca',
  vietnamese: 'vi',
  welsh: 'cy',
  yiddish: 'yi',
  yoruba: 'yo',
  zulu: 'zu',
};

/** ISO 639's "undetermined": the server named no language and the user gave no hint. */
export const UNDETERMINED_LANGUAGE = 'und';

/**
 * `answered` as an ISO 639-1 code: a whisper name ('English') becomes its code ('en'), a code
 * ('fr', 'pt-BR') its language part; nothing, or a name not known here, gives the user's `hint`
 * (the language they said they speak), else 'und'. Whisper's 'jw' is ISO's 'jv'.
 */
export function spokenLanguageCode(answered: string | null | undefined, hint?: string): string {
  const fallback = hint ?? UNDETERMINED_LANGUAGE;
  const value = answered?.trim().toLowerCase();
  if (!value) return fallback;
  const named = WHISPER_LANGUAGE_CODES[value];
  if (named) return named;
  const code = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/.exec(value)?.[1];
  if (code === 'jw') return 'jv';
  if (code && (code.length === 2 || code === 'haw')) return code;
  return fallback;
}
