import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  ANALYZE_LANGUAGE_NAMES,
  type Analysis,
  type AnalysisDictionaryMatch,
  type AnalysisDictionaryWord,
  type AnalysisPronunciation,
  type AnalyzeResponse,
  type LinguisticAnalysis,
  type NamedEntity,
} from '@kasa/contracts';
import { ENGLISH_STOP_WORDS, FRENCH_STOP_WORDS } from '../../ai/language/stop-words';
import { CHAT_MODEL, type ChatModel } from '../../ai/chat-model.port';
import { ESPEAK_LANGUAGES } from '../../ai/speech/espeak-voices';
import { ChatService } from '../../chat';
import { APP_CONFIG, type AppConfig } from '../../config';
import type { User } from '../../users';
import { dictionaryDataMissing, unknownAnalyzeLanguage } from '../language-tool.errors';
import { foldKey } from '../lexicon/fold';
import { type LexiconData, LexiconDataError } from '../lexicon/lexicon-files';
import { LexiconService } from '../lexicon/lexicon.service';
import { PopulationService } from '../population/population.service';
import { type AnalysisChildResult, runAnalysisChild } from './analysis-child';
import { analyzeLanguageName, DEFAULT_ANALYZE_LANGUAGES, resolveAnalyzeLanguage } from './analysis-languages';
import { analysisPrompt, type ParsedAnalysisAnswer, parseAnalysisAnswer } from './analysis-model';
import { type AnalysisEntryRow, AnalysisRepository } from './analysis.repository';
import type { AnalyzeDto } from './dto/analyze.dto';
import {
  FRANC_CANDIDATES,
  FRANC_MIN_LENGTH,
  type Identification,
  identifyLanguage,
  residualText,
} from './language-identification';
import { buildGazetteer, findNamedEntities, type Gazetteer } from './named-entities';
import { describeToneMarks, noVoiceNote } from './pronunciation';
import { type TextWord, textWords } from './text-words';

/** Distinct words of a text looked up in the dictionary, and matches kept per word. */
export const DICTIONARY_WORDS_MAX = 30;
export const MATCHES_PER_WORD = 5;
/** Words shorter than this get no near-spelling look-up (every short key is near something). */
const FUZZY_MIN_LENGTH = 4;
/** franc and eSpeak together take well under a second; a child still running after this is stuck. */
export const ANALYSIS_CHILD_TIMEOUT_MS = 8_000;
/** Characters of the model's answer read (a model that rambles is cut). */
const MODEL_ANSWER_MAX = 16_000;

/** Users read it: what to set is for the operator (README.md#ai-providers), never named here. */
export const OFFLINE_NOTE =
  'Translations and cultural context need a chat model, which is not available on this server.';
export const UNDETERMINED_NOTE =
  'The language could not be identified: the text is too short, or its words are in no language the analysis knows.';

const SPEC_NAMES = Object.keys(ANALYZE_LANGUAGE_NAMES).join(', ');

const CONFIDENCE = { exact: 1, accentInsensitive: 0.8, fuzzyScale: 0.7 } as const;

const sameSpelling = (a: string, b: string) =>
  a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
const isFunctionWord = (key: string) => ENGLISH_STOP_WORDS.has(key) || FRENCH_STOP_WORDS.has(key);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * POST …/analyze (docs/architecture.md#language-tool): language identification (franc and the
 * dictionary), dictionary matches, named entities (gazetteer), pronunciation (eSpeak NG IPA) and,
 * with a chat model, translations and cultural context. Every part that cannot be made (no
 * model, the model failing, no voice) is absent with a note saying why; only an unexpected
 * failure makes `success` false. Free: no usage quota.
 */
@Injectable()
export class AnalysisService {
  private readonly logger = new Logger('LanguageAnalysis');
  private gazetteer?: { data: LexiconData; gazetteer: Gazetteer };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly lexicon: LexiconService,
    private readonly repository: AnalysisRepository,
    private readonly chat: ChatService,
    private readonly population: PopulationService,
  ) {}

  async analyze(user: User, request: AnalyzeDto): Promise<AnalyzeResponse> {
    const lexicon = this.lexiconData();
    const languages = this.resolveLanguages(request.languages, lexicon);
    if (request.conversationId) await this.chat.assertOwned(user, request.conversationId);
    try {
      return { success: true, analysis: await this.run(user, request, languages, lexicon), error: null };
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.error(`The analysis failed: ${describe(error)}`);
      return { success: false, analysis: null, error: 'The analysis failed. Please try again.' };
    }
  }

  private lexiconData(): LexiconData {
    try {
      return this.lexicon.get();
    } catch (error) {
      if (error instanceof LexiconDataError) throw dictionaryDataMissing(error.message);
      throw error;
    }
  }

  /** The request's languages as ISO 639-3 codes (the product's six when none), or a 400 naming the unknown one. */
  private resolveLanguages(requested: string[] | undefined, lexicon: LexiconData): string[] {
    if (!requested || requested.length === 0) return [...DEFAULT_ANALYZE_LANGUAGES];
    const codes: string[] = [];
    for (const value of requested) {
      const code = resolveAnalyzeLanguage(value, lexicon);
      if (!code) throw unknownAnalyzeLanguage(value, SPEC_NAMES);
      if (!codes.includes(code)) codes.push(code);
    }
    return codes;
  }

  private async run(
    user: User,
    request: AnalyzeDto,
    languages: string[],
    lexicon: LexiconData,
  ): Promise<Analysis> {
    const text = request.text;
    const include = {
      translation: request.includeTranslation ?? true,
      dictionary: request.includeDictionary ?? true,
      ner: request.includeNER ?? true,
      pronunciation: request.includePronunciation ?? true,
    };
    const notes: string[] = [];
    const words = textWords(text);
    const keys = [...new Set(words.map((word) => word.key))];
    const formLanguages = await this.repository.formLanguages(keys, languages);

    const child = await this.runChild(text, words, formLanguages, languages, include.pronunciation, notes);
    const identification = identifyLanguage({
      words,
      formLanguages,
      franc: child?.franc ?? [],
      requested: languages,
    });
    const name = (code: string) => analyzeLanguageName(code, lexicon);
    if (identification.detectedLanguage === 'und') notes.push(UNDETERMINED_NOTE);

    const dictionary = include.dictionary ? await this.dictionary(words, languages, identification) : [];
    const namedEntities: NamedEntity[] = include.ner
      ? findNamedEntities(text, this.gazetteerOf(lexicon), identification.detectedLanguage)
      : [];
    const pronunciation = include.pronunciation ? this.pronunciation(text, identification, child, name) : [];

    const linguisticAnalysis: LinguisticAnalysis = {
      detectedLanguage: identification.detectedLanguage,
      detectedLanguageName: name(identification.detectedLanguage),
      confidence: identification.confidence,
      mixedLanguages: identification.mixedLanguages,
      culturalContext: null,
      method: identification.method,
    };
    const analysis: Analysis = {
      text,
      linguisticAnalysis,
      translations: [],
      pronunciation,
      namedEntities,
      dictionary,
      mode: 'offline',
      model: null,
      notes,
    };

    if (this.model.engine === 'offline') notes.push(OFFLINE_NOTE);
    else if (include.translation || dictionary.length > 0) {
      const targets = include.translation
        ? languages
            .filter((code) => code !== identification.detectedLanguage)
            .map((code) => ({ code, name: name(code) }))
        : [];
      const answer = await this.askModel(
        user,
        {
          text,
          detectedLanguage: linguisticAnalysis.detectedLanguage,
          detectedLanguageName: linguisticAnalysis.detectedLanguageName,
          targets,
          dictionary,
        },
        lexicon,
        notes,
      );
      if (answer) {
        analysis.mode = 'ai';
        analysis.model = this.model.model;
        analysis.translations = include.translation ? answer.translations : [];
        linguisticAnalysis.culturalContext = answer.culturalContext;
        for (const entry of dictionary)
          for (const match of entry.matches)
            match.gptVerified =
              answer.verified.has(foldKey(entry.word)) || answer.verified.has(foldKey(match.word));
      }
    }
    const loading = await this.population.loadingState();
    if (loading && (loading.status === 'queued' || loading.status === 'running'))
      notes.push(
        `The dictionary is still loading (${loading.processedLanguages} of ${loading.totalLanguages} languages): identification and dictionary matches may be incomplete.`,
      );
    return analysis;
  }

  /**
   * franc over the words the dictionary did not claim, and eSpeak's IPA of the text for franc's
   * choice and the requested languages that have a voice, in one child process. Undefined (with
   * a note) when the child fails: the analysis goes on with the dictionary alone.
   */
  private async runChild(
    text: string,
    words: TextWord[],
    formLanguages: Map<string, string[]>,
    languages: string[],
    pronunciation: boolean,
    notes: string[],
  ): Promise<AnalysisChildResult | undefined> {
    const francText = residualText(words, formLanguages);
    const francUseful = [...francText.replace(/\s/g, '')].length >= FRANC_MIN_LENGTH;
    const ipaFor = pronunciation ? languages.filter((code) => code in ESPEAK_LANGUAGES) : [];
    if (!francUseful && !pronunciation) return { franc: [], ipa: {}, missing: [] };
    try {
      return await runAnalysisChild(
        {
          francText: francUseful ? francText : '',
          only: [...new Set([...FRANC_CANDIDATES, ...languages])],
          minLength: FRANC_MIN_LENGTH,
          ipaText: pronunciation ? text : '',
          voices: ESPEAK_LANGUAGES,
          ipaFor,
          ipaForFrancTop: pronunciation,
        },
        ANALYSIS_CHILD_TIMEOUT_MS,
      );
    } catch (error) {
      this.logger.error(`franc and eSpeak NG did not answer: ${describe(error)}`);
      notes.push(
        'The trigram detector and the speech engine did not answer: the language was identified from the dictionary and function words only, and pronunciation is missing.',
      );
      return undefined;
    }
  }

  /**
   * The text's distinct words (30 at most, function words and single letters left out) and their
   * entries in the requested languages: forms with the word's spelling (1) or its letters without
   * accents (0.8), English glosses equal to the word when the text is English (1), and near
   * spellings for words that found nothing (pg_trgm similarity × 0.7). At most 5 per word.
   */
  private async dictionary(
    words: TextWord[],
    languages: string[],
    identification: Identification,
  ): Promise<AnalysisDictionaryWord[]> {
    const chosen = new Map<string, TextWord>();
    for (const word of words) {
      if (chosen.size >= DICTIONARY_WORDS_MAX) break;
      if ([...word.key].length < 2 || isFunctionWord(word.key) || chosen.has(word.key)) continue;
      chosen.set(word.key, word);
    }
    const keys = [...chosen.keys()];
    // A French word that happens to be spelt like an English gloss ('pain') is not that gloss.
    const english =
      ['eng', 'und'].includes(identification.detectedLanguage) ||
      identification.mixedLanguages.includes('eng');
    const [forms, glosses] = await Promise.all([
      this.repository.exact('form', keys, languages),
      english ? this.repository.exact('gloss', keys, languages) : Promise.resolve([]),
    ]);
    const matched = new Set([...forms, ...glosses].map((row) => row.key));
    const unmatched = keys.filter((key) => !matched.has(key) && [...key].length >= FUZZY_MIN_LENGTH);
    const [nearForms, nearGlosses] = await Promise.all([
      this.repository.fuzzy('form', unmatched, languages),
      english ? this.repository.fuzzy('gloss', unmatched, languages) : Promise.resolve([]),
    ]);

    const byKey = new Map<string, AnalysisDictionaryMatch[]>();
    const add = (row: AnalysisEntryRow, confidence: number) => {
      const list = byKey.get(row.key) ?? [];
      if (
        list.some(
          (match) =>
            match.language === row.language && match.word === row.form && match.translation === row.gloss,
        )
      )
        return;
      list.push({
        language: row.language,
        confidence: Math.round(confidence * 100) / 100,
        gptVerified: false,
        word: row.form,
        translation: row.gloss,
        partOfSpeech: row.partOfSpeech,
        source: row.source,
      });
      byKey.set(row.key, list);
    };
    for (const row of forms)
      add(
        row,
        sameSpelling(chosen.get(row.key)!.text, row.form) ? CONFIDENCE.exact : CONFIDENCE.accentInsensitive,
      );
    for (const row of glosses)
      add(
        row,
        chosen.get(row.key)!.text.toLowerCase() === row.key ? CONFIDENCE.exact : CONFIDENCE.accentInsensitive,
      );
    for (const row of [...nearForms, ...nearGlosses]) add(row, row.similarity * CONFIDENCE.fuzzyScale);

    return keys
      .filter((key) => byKey.has(key))
      .map((key) => ({
        word: chosen.get(key)!.text,
        matches: byKey
          .get(key)!
          .sort((a, b) => b.confidence - a.confidence)
          .slice(0, MATCHES_PER_WORD),
      }));
  }

  /**
   * eSpeak's IPA for the detected language and the other languages the text is in. Languages
   * without a voice (the lexicon's) say so, with the tone marks the text carries.
   */
  private pronunciation(
    text: string,
    identification: Identification,
    child: AnalysisChildResult | undefined,
    name: (code: string) => string,
  ): AnalysisPronunciation[] {
    const languages = [identification.detectedLanguage, ...identification.mixedLanguages].filter(
      (code) => code !== 'und',
    );
    return languages.map((language) => {
      if (!(language in ESPEAK_LANGUAGES) || child?.missing.includes(language))
        return {
          language,
          phonetic: null,
          toneMarking: describeToneMarks(text),
          available: false,
          note: noVoiceNote(name(language)),
        };
      const phonetic = child?.ipa[language];
      return phonetic
        ? { language, phonetic, toneMarking: null, available: true, note: null }
        : {
            language,
            phonetic: null,
            toneMarking: null,
            available: false,
            note: 'Pronunciation not available: the speech engine did not answer.',
          };
    });
  }

  private gazetteerOf(lexicon: LexiconData): Gazetteer {
    if (this.gazetteer?.data !== lexicon)
      this.gazetteer = {
        data: lexicon,
        // The picker's languages first: a name shared by several languages means the known one.
        gazetteer: buildGazetteer([...lexicon.picker, ...lexicon.languages.values()]),
      };
    return this.gazetteer.gazetteer;
  }

  /**
   * One request to the chat model; undefined (with a note) when it fails or answers something
   * that is not the JSON asked for: the offline parts stand either way.
   */
  private async askModel(
    user: User,
    input: Parameters<typeof analysisPrompt>[0],
    lexicon: LexiconData,
    notes: string[],
  ): Promise<ParsedAnalysisAnswer | undefined> {
    const { system, user: message } = analysisPrompt(input);
    const { ai } = this.config;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      ai.requestTimeoutMs * (Math.max(0, ai.maxRetries) + 1),
    );
    let answer = '';
    try {
      for await (const chunk of this.model.stream({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: message },
        ],
        userId: user.id,
        signal: controller.signal,
      })) {
        answer += chunk;
        if (answer.length > MODEL_ANSWER_MAX) break;
      }
    } catch (error) {
      this.logger.warn(`The chat model failed during an analysis: ${describe(error)}`);
      notes.push(
        `The chat model failed (${describe(error)}): translations and cultural context are missing, the rest of the analysis was made offline.`,
      );
      return undefined;
    } finally {
      clearTimeout(timer);
    }
    if (controller.signal.aborted) {
      notes.push(
        'The chat model did not answer in time: translations and cultural context are missing, the rest of the analysis was made offline.',
      );
      return undefined;
    }
    const parsed = parseAnalysisAnswer(answer, (language) => resolveAnalyzeLanguage(language, lexicon));
    if (!parsed)
      notes.push(
        "The chat model's answer was not the JSON asked for: translations and cultural context are missing, the rest of the analysis was made offline.",
      );
    return parsed;
  }
}
