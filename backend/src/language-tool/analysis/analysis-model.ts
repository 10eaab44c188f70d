import type { AnalysisDictionaryWord, AnalysisTranslation } from '@kasa/contracts';
import { foldKey } from '../lexicon/fold';

/** Dictionary matches shown to the model as evidence (the prompt stays small). */
const EVIDENCE_MAX = 40;
const CULTURAL_CONTEXT_MAX = 2_000;
const TRANSLATION_MAX = 4_000;
const REASONING_MAX = 500;

export interface AnalysisPromptInput {
  text: string;
  detectedLanguage: string;
  detectedLanguageName: string;
  /** Languages to translate into: code and name (the text's own language left out). */
  targets: { code: string; name: string }[];
  dictionary: AnalysisDictionaryWord[];
}

/** The one request an analysis makes to the chat model: translations, cultural context, verified matches. */
export function analysisPrompt(input: AnalysisPromptInput): { system: string; user: string } {
  const system =
    'You are a linguist who knows the languages of Cameroon and Nigeria. Answer with ONE JSON object ' +
    'and nothing else, of this shape: {"translations": [{"language": "<ISO 639-3 code>", "translation": ' +
    '"<text>", "confidence": <0 to 1>, "reasoning": "<one sentence>"}], "culturalContext": "<two or ' +
    'three sentences, or null>", "verified": ["<word of the text>"]}. ' +
    'Translate the text into each target language. Where you do not know a language well, say so in ' +
    'the reasoning and give a low confidence; never present a guess as certain. The dictionary matches ' +
    'come from open linguistic data (ASJP forms are a phonetic code, Polyglotta Africana forms are ' +
    'Koelle\'s 1854 transcription): use them as evidence, and list in "verified" only the words of the ' +
    'text whose matches you are confident are right.';
  const evidence = input.dictionary
    .flatMap((entry) =>
      entry.matches.map(
        (match) =>
          `- "${entry.word}": ${match.language} "${match.word}" = "${match.translation}" (${match.source})`,
      ),
    )
    .slice(0, EVIDENCE_MAX);
  const targets = input.targets.map(({ code, name }) => `${code} (${name})`).join(', ');
  const user = [
    `Text: ${input.text}`,
    `Detected language: ${input.detectedLanguage} (${input.detectedLanguageName})`,
    `Target languages: ${targets || 'none (give "translations": [])'}`,
    evidence.length > 0 ? `Dictionary matches:\n${evidence.join('\n')}` : 'Dictionary matches: none',
  ].join('\n\n');
  return { system, user };
}

export interface ParsedAnalysisAnswer {
  translations: AnalysisTranslation[];
  culturalContext: string | null;
  /** foldKey of the words the model confirmed. */
  verified: Set<string>;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * The model's answer, read leniently: code fences and text around the object are dropped, and
 * translations without a language or text are left out. Undefined when there is no JSON object.
 * `language` goes through `resolve` (a model may write 'Igbo' for 'ibo'); unknown ones are dropped.
 */
export function parseAnalysisAnswer(
  answer: string,
  resolve: (language: string) => string | undefined,
): ParsedAnalysisAnswer | undefined {
  const unfenced = answer.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(unfenced.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const object = value as Record<string, unknown>;
  const translations: AnalysisTranslation[] = [];
  for (const item of Array.isArray(object.translations) ? object.translations : []) {
    if (typeof item !== 'object' || item === null) continue;
    const { language, translation, confidence, reasoning } = item as Record<string, unknown>;
    if (typeof language !== 'string' || typeof translation !== 'string' || translation.trim() === '')
      continue;
    const code = resolve(language);
    if (!code || translations.some((existing) => existing.language === code)) continue;
    const number = typeof confidence === 'number' ? confidence : Number(confidence);
    translations.push({
      language: code,
      translation: cut(translation.trim(), TRANSLATION_MAX),
      confidence: Number.isFinite(number) ? Math.round(Math.min(1, Math.max(0, number)) * 100) / 100 : 0.5,
      reasoning: typeof reasoning === 'string' ? cut(reasoning.trim(), REASONING_MAX) : '',
    });
  }
  const context = object.culturalContext;
  const verified = new Set(
    (Array.isArray(object.verified) ? object.verified : [])
      .filter((word): word is string => typeof word === 'string')
      .map((word) => foldKey(word))
      .filter(Boolean),
  );
  return {
    translations,
    culturalContext:
      typeof context === 'string' && context.trim() !== '' ? cut(context.trim(), CULTURAL_CONTEXT_MAX) : null,
    verified,
  };
}
