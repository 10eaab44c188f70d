import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  GLOSS_UNKNOWN_WORD,
  type GlossWord,
  type TranslationKind,
  type TranslationMatch,
  type TranslationResponse,
} from '@kasa/contracts';
import { CHAT_MODEL, type ChatModel } from '../../ai';
import { APP_CONFIG, type AppConfig } from '../../config';
import type { User } from '../../users';
import { SOURCE_KIND_LABELS } from '../dictionary/dictionary-entry';
import type { KeyedRow } from '../dictionary/dictionary.repository';
import { DictionaryRepository } from '../dictionary/dictionary.repository';
import { DictionaryService } from '../dictionary/dictionary.service';
import { sameLanguage } from '../language-tool.errors';
import { LanguageCatalog } from '../languages/language-catalog';
import { foldKey, glossKey } from '../lexicon/fold';
import type { TranslateDto } from './dto/translate.dto';
import { chooseForm, joinGloss, parseModelTranslation, tokenise } from './translation-text';

/** The model's answer is a translation, not an essay: longer is cut. */
const MODEL_ANSWER_MAX = 8000;
/** Evidence lines sent to the model at most. */
const MODEL_EVIDENCE_MAX = 80;

/** A text unit (the whole text, or one word) and the entries that translate it. */
interface UnitMatches {
  word: string;
  /** Entries in the target's terms: `translation` is what the word becomes. */
  matches: TranslationMatch[];
  chosen: TranslationMatch | null;
  chosenKind: KeyedRow['sourceKind'] | null;
}

interface DictionaryAnswer {
  translation: string;
  /** 'dictionary' when the whole text is one entry or one word, else 'gloss' (word by word). */
  kind: Exclude<TranslationKind, 'translation'>;
  glossWords: GlossWord[];
  databaseMatches: TranslationMatch[];
  missingWords: string[];
  notes: string[];
}

/**
 * Translate: the dictionary first, the whole text then word by word (English → form, form →
 * English, form → form through the English gloss); then the chat model, when one is configured,
 * with the dictionary's matches as evidence. Without a model, a longer text gets a word-by-word
 * gloss, answered as kind 'gloss' so it is never shown as a translation. Free: no usage quota
 * (docs/product.md).
 */
@Injectable()
export class TranslationService {
  private readonly logger = new Logger('LanguageToolTranslate');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly catalog: LanguageCatalog,
    private readonly repository: DictionaryRepository,
    private readonly dictionary: DictionaryService,
  ) {}

  async translate(user: User, body: TranslateDto): Promise<TranslationResponse> {
    const from = this.catalog.resolve(body.fromLanguage, 'fromLanguage');
    const to = this.catalog.resolve(body.toLanguage, 'toLanguage');
    if (from === to) throw sameLanguage();
    const text = body.text.normalize('NFC');
    const [answer, dictionaryLoading] = await Promise.all([
      this.fromDictionary(text, from, to),
      this.dictionary.loadingState(),
    ]);
    const base = {
      success: true as const,
      text,
      fromLanguage: from,
      toLanguage: to,
      databaseMatches: answer.databaseMatches,
      missingWords: answer.missingWords,
      dictionaryLoading,
    };
    const fromDictionary = {
      ...base,
      translation: answer.translation,
      kind: answer.kind,
      glossWords: answer.glossWords,
      source: 'database' as const,
      model: null,
    };
    if (this.model.engine === 'offline') {
      // Users read it: what to set is for the operator (README.md#ai-providers), never named here.
      const offline =
        answer.kind === 'gloss'
          ? `This is a word-by-word gloss from the dictionary, not a translation: a full translation needs a chat model, which is not available on this server.${
              answer.missingWords.length ? ` Words it lacks are shown as ${GLOSS_UNKNOWN_WORD}.` : ''
            }`
          : "This is the dictionary's entry: a full translation needs a chat model, which is not available on this server.";
      return { ...fromDictionary, note: [...answer.notes, offline].join(' ') };
    }
    try {
      const translation = await this.askModel(user, text, from, to, answer.databaseMatches);
      return {
        ...base,
        translation,
        kind: 'translation',
        glossWords: [],
        source: 'AI',
        note: `Translated by the AI model ${this.model.model}, with ${answer.databaseMatches.length} dictionary ${
          answer.databaseMatches.length === 1 ? 'entry' : 'entries'
        } as evidence.${answer.notes.length ? ` ${answer.notes.join(' ')}` : ''}`,
        model: this.model.model,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`The chat model could not translate: ${reason}`);
      return {
        ...fromDictionary,
        note: [
          `The AI model could not translate (${reason.replace(/\.$/, '')}), so this is the dictionary's ${
            answer.kind === 'gloss' ? 'word-by-word gloss, not a translation' : 'entry'
          }.`,
          ...answer.notes,
        ].join(' '),
      };
    }
  }

  /** The dictionary's answer: the whole text if it is an entry (or one word), else a word-by-word gloss. */
  async fromDictionary(text: string, from: string, to: string): Promise<DictionaryAnswer> {
    const words = tokenise(text);
    const oneWord = words.length <= 1;
    const fromLexicon = this.catalog.isLexiconLanguage(from);
    const toLexicon = this.catalog.isLexiconLanguage(to);
    if ((!fromLexicon && from !== 'eng') || (!toLexicon && to !== 'eng') || (!fromLexicon && !toLexicon)) {
      const note =
        from === 'fra' || to === 'fra'
          ? 'The dictionary has no French: its glosses are English, so it translates only between English and the African languages of its data.'
          : 'The dictionary translates only between English and the African languages of its data.';
      return {
        translation: '',
        kind: oneWord ? 'dictionary' : 'gloss',
        glossWords: oneWord ? [] : words.map((word) => ({ word, gloss: null })),
        databaseMatches: [],
        missingWords: unique(words),
        notes: [note],
      };
    }
    const whole = (await this.lookUpUnits([text], from, to))[0];
    const wholeIsWord = words.length === 1 && words[0] === text;
    const units = whole.chosen || wholeIsWord ? [whole] : await this.lookUpUnits(unique(words), from, to);
    const byWord = new Map(units.map((unit) => [unit.word, unit]));
    const ordered = whole.chosen ? [whole] : words.map((word) => byWord.get(word) ?? emptyUnit(word));
    const missingWords = unique(ordered.filter((unit) => !unit.chosen).map((unit) => unit.word));
    const notes: string[] = [];
    const chosenKinds = new Set(ordered.map((unit) => unit.chosenKind));
    if (fromLexicon && toLexicon)
      notes.push(
        `${this.catalog.name(from)} was translated to ${this.catalog.name(to)} through the English glosses.`,
      );
    if (chosenKinds.has('asjp-v12'))
      notes.push("Forms from ASJP (asjp-v12) are a phonetic ASCII code, not the language's spelling.");
    if (chosenKinds.has('polyglottaafricana'))
      notes.push("Forms from Polyglotta Africana are Koelle's 1854 transcription, not today's spelling.");
    if (missingWords.length) notes.push(`The dictionary has no entry for: ${missingWords.join(', ')}.`);
    if (whole.chosen || oneWord)
      return {
        translation: ordered[0]?.chosen?.translation ?? '',
        kind: 'dictionary',
        glossWords: [],
        databaseMatches: units.flatMap((unit) => unit.matches),
        missingWords,
        notes,
      };
    const glossWords = ordered.map((unit) => ({ word: unit.word, gloss: unit.chosen?.translation ?? null }));
    return {
      translation: joinGloss(glossWords),
      kind: 'gloss',
      glossWords,
      databaseMatches: units.flatMap((unit) => unit.matches),
      missingWords,
      notes,
    };
  }

  /** The entries translating each unit from `from` to `to`, in one or two queries for all units. */
  private async lookUpUnits(units: string[], from: string, to: string): Promise<UnitMatches[]> {
    const found = new Map<string, { row: KeyedRow; translation: string }[]>();
    const add = (unit: string, row: KeyedRow, translation: string) => {
      const list = found.get(unit) ?? [];
      if (!list.some((item) => item.row.id === row.id)) list.push({ row, translation });
      found.set(unit, list);
    };
    if (from === 'eng') {
      const rows = await this.repository.byGlossKeys(unique(units.map(glossKey)), to);
      for (const unit of units)
        for (const row of rows) if (row.key === glossKey(unit)) add(unit, row, row.form);
    } else {
      const sourceRows = await this.repository.byFormKeys(unique(units.map(foldKey)), from);
      if (to === 'eng') {
        for (const unit of units)
          for (const row of sourceRows) if (row.key === foldKey(unit)) add(unit, row, row.gloss);
      } else {
        const glossKeys = unique(sourceRows.map((row) => glossKey(row.gloss)));
        const targetRows = await this.repository.byGlossKeys(glossKeys, to);
        for (const unit of units)
          for (const source of sourceRows)
            if (source.key === foldKey(unit))
              for (const row of targetRows) if (row.key === glossKey(source.gloss)) add(unit, row, row.form);
      }
    }
    return units.map((unit) => {
      const list = found.get(unit) ?? [];
      const chosen = chooseForm(
        list.map((item) => ({ text: item.translation, sourceKind: item.row.sourceKind, item })),
      );
      const matches = list.map(({ row, translation }) => {
        const entry = this.dictionary.entryOf(row);
        return {
          word: unit,
          translation,
          partOfSpeech: row.partOfSpeech,
          audioUrl: entry.audioUrl,
          source: row.source,
          language: row.language,
        };
      });
      const chosenIndex = chosen ? list.indexOf(chosen.item) : -1;
      return {
        word: unit,
        matches,
        chosen: chosenIndex === -1 ? null : matches[chosenIndex],
        chosenKind: chosen ? chosen.sourceKind : null,
      };
    });
  }

  /** The model's translation with the dictionary's entries as evidence; throws when it gives none. */
  private async askModel(
    user: User,
    text: string,
    from: string,
    to: string,
    matches: TranslationMatch[],
  ): Promise<string> {
    const fromName = `${this.catalog.name(from)} (ISO 639-3 ${from})`;
    const toName = `${this.catalog.name(to)} (ISO 639-3 ${to})`;
    const evidence = matches
      .slice(0, MODEL_EVIDENCE_MAX)
      .map(
        (match) =>
          `- "${match.word}" → "${match.translation}" (${SOURCE_KIND_LABELS[sourceKindOf(match.source)]}, ${match.source})`,
      );
    const system =
      `You are a careful translator. Translate the user's text from ${fromName} to ${toName}. ` +
      'Entries of an open dictionary of African languages are given as evidence: use them where they fit. ' +
      "ASJP forms (asjp-v12) are a phonetic ASCII code and Polyglotta Africana forms Koelle's 1854 " +
      'transcription; write the language in its usual spelling when you know it. ' +
      'Answer with JSON only: {"translation": "..."}.';
    const user_ =
      `Text: ${text}\n\n` +
      (evidence.length
        ? `Dictionary entries:\n${evidence.join('\n')}`
        : 'The dictionary has no entry for these words.');
    const { ai } = this.config;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      ai.requestTimeoutMs * (Math.max(0, ai.maxRetries) + 1),
    );
    let raw = '';
    try {
      for await (const chunk of this.model.stream({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user_ },
        ],
        userId: user.id,
        signal: controller.signal,
      })) {
        raw += chunk;
        if (raw.length > MODEL_ANSWER_MAX) break;
      }
    } finally {
      clearTimeout(timer);
    }
    if (controller.signal.aborted && raw === '') throw new Error('The AI service did not answer in time');
    const translation = parseModelTranslation(raw.slice(0, MODEL_ANSWER_MAX));
    if (translation === '') throw new Error('The AI model gave no translation');
    return translation;
  }
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function emptyUnit(word: string): UnitMatches {
  return { word, matches: [], chosen: null, chosenKind: null };
}

function sourceKindOf(source: string): KeyedRow['sourceKind'] {
  if (source === 'AI') return 'AI';
  const kind = source.slice(0, source.indexOf(':'));
  return kind === 'numerals' || kind === 'polyglottaafricana' ? kind : 'asjp-v12';
}
