import { Inject, Injectable } from '@nestjs/common';
import type {
  DefineResponse,
  DictionaryEntry,
  DictionaryLoadingState,
  DictionaryPage,
  DictionarySourceKind,
  DictionaryStats,
} from '@kasa/contracts';
import { ChatModelError, TEXT_TO_SPEECH, type TextToSpeech, VoiceEngineError } from '../../ai';
import { Admins } from '../../auth';
import type { User } from '../../users';
import {
  audioLinkExpired,
  audioLinkInvalid,
  audioOfPhoneticCode,
  entryNotFound,
  noVoiceFor,
  speechEngineFailed,
} from '../language-tool.errors';
import { LanguageCatalog } from '../languages/language-catalog';
import { foldKey, glossKey } from '../lexicon/fold';
import { PopulationService } from '../population/population.service';
import { AudioLinks } from './audio-links';
import {
  audioUnavailableReason,
  type DictionaryMatchRow,
  type DictionaryRow,
  SOURCE_PREFERENCE,
  toDictionaryEntry,
} from './dictionary-entry';
import { DictionaryRepository } from './dictionary.repository';
import type { EntriesQuery } from './dto/dictionary.dto';

/** Definitions a look-up answers at most: the best ones, not the whole dictionary. */
export const DEFINE_LIMIT = 50;
/** Trigram matching of one letter finds every word with that letter: near spellings need two. */
const FUZZY_MIN_LENGTH = 2;
const DEFAULT_PAGE_SIZE = 25;
/**
 * How long a read of the import's progress is reused. It moves one language at a time, and a
 * read parses the run's results (hundreds of languages): under load, once per request was the cost.
 */
const LOADING_STATE_TTL_MS = 1000;
/** Spoken words kept in memory (a few kilobytes each): the same word is asked for again and again. */
const AUDIO_CACHE_SIZE = 64;

const MATCH_ORDER = { exact: 0, 'accent-insensitive': 1, fuzzy: 2 } as const;

export interface EntryAudio {
  audio: Buffer;
  contentType: string;
}

/**
 * The dictionary as the language tool reads it: define (both directions, exact before
 * accent-insensitive before near spellings), browse, statistics and the entries' audio. Every
 * answer that reads the dictionary says how far its first import is (dictionaryLoading).
 */
@Injectable()
export class DictionaryService {
  /** A cache of what the database holds: each API process may keep its own copy. */
  private readonly audioCache = new Map<string, EntryAudio>();
  private loading?: { at: number; state: Promise<DictionaryLoadingState | null> };

  constructor(
    private readonly repository: DictionaryRepository,
    private readonly catalog: LanguageCatalog,
    private readonly population: PopulationService,
    private readonly admins: Admins,
    private readonly links: AudioLinks,
    @Inject(TEXT_TO_SPEECH) private readonly speech: TextToSpeech,
  ) {}

  /** PopulationService.loadingState(), read at most once a second. */
  loadingState(): Promise<DictionaryLoadingState | null> {
    const now = Date.now();
    if (!this.loading || now - this.loading.at > LOADING_STATE_TTL_MS) {
      const state = this.population.loadingState();
      this.loading = { at: now, state };
      // A failed read is not reused: the next request asks again.
      state.catch(() => {
        if (this.loading?.state === state) this.loading = undefined;
      });
    }
    return this.loading.state;
  }

  async define(word: string, languageParam?: string): Promise<DefineResponse> {
    const language = languageParam ? this.catalog.resolve(languageParam) : null;
    const text = word.normalize('NFC');
    const [definitions, dictionaryLoading] = await Promise.all([
      this.lookUp(text, language),
      this.loadingState(),
    ]);
    return { success: true, word: text, language, definitions, dictionaryLoading };
  }

  /**
   * Entries for a word: its forms (form → gloss) and its English glosses (gloss → form). English
   * searches glosses in every language; a lexicon language both sides in that language; French
   * nothing, since the data has no French glosses. Near spellings only when nothing matched.
   */
  async lookUp(word: string, language: string | null): Promise<DictionaryEntry[]> {
    const key = foldKey(word);
    if (key === '' || language === 'fra') return [];
    const searchForms = language !== 'eng';
    const only = language && this.catalog.isLexiconLanguage(language) ? language : null;
    const gloss = glossKey(word);
    const [forms, glosses] = await Promise.all([
      searchForms ? this.repository.formsByKey(word, key, only, DEFINE_LIMIT) : [],
      this.repository.glossesByKey(gloss, only, DEFINE_LIMIT),
    ]);
    let rows: DictionaryMatchRow[] = [...forms, ...glosses].sort(
      (a, b) => MATCH_ORDER[a.match] - MATCH_ORDER[b.match],
    );
    if (rows.length === 0) {
      const fuzzy = key.length >= FUZZY_MIN_LENGTH;
      const [contained, formsLike, glossesLike] = await Promise.all([
        this.repository.glossesContaining(word, only, DEFINE_LIMIT),
        fuzzy && searchForms ? this.repository.formsLike(key, only, DEFINE_LIMIT) : [],
        fuzzy ? this.repository.glossesLike(gloss, only, DEFINE_LIMIT) : [],
      ]);
      rows = [...contained, ...[...formsLike, ...glossesLike].sort((a, b) => b.score - a.score)];
    }
    const seen = new Set<string>();
    return rows
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .slice(0, DEFINE_LIMIT)
      .map((row) => this.entryOf(row));
  }

  entryOf(row: DictionaryRow | DictionaryMatchRow): DictionaryEntry {
    const audioUrl =
      audioUnavailableReason(row.language, row.sourceKind) === null ? this.links.sign(row.id) : null;
    return toDictionaryEntry(row, this.catalog.name(row.language), audioUrl);
  }

  async page(query: EntriesQuery): Promise<DictionaryPage> {
    const language = query.language ? this.catalog.resolve(query.language) : null;
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const folded = query.q ? foldKey(query.q) : '';
    const [{ rows, total }, dictionaryLoading] = await Promise.all([
      this.repository.page(language, folded === '' ? null : folded, (page - 1) * pageSize, pageSize),
      this.loadingState(),
    ]);
    return { entries: rows.map((row) => this.entryOf(row)), total, page, pageSize, dictionaryLoading };
  }

  async stats(user: User): Promise<DictionaryStats> {
    const [counts, lastImport, dictionaryLoading] = await Promise.all([
      this.repository.countsBySource(),
      this.population.lastImport(),
      this.loadingState(),
    ]);
    const bySource = new Map<DictionarySourceKind, number>();
    const byLanguage = new Map<string, DictionaryStats['byLanguage'][number]>();
    for (const { language, sourceKind, entries } of counts) {
      bySource.set(sourceKind, (bySource.get(sourceKind) ?? 0) + entries);
      let item = byLanguage.get(language);
      if (!item) {
        item = {
          code: language,
          name: this.catalog.name(language),
          country: this.catalog.country(language),
          countryCodes: this.catalog.countryCodes(language),
          entries: 0,
          sources: {},
        };
        byLanguage.set(language, item);
      }
      item.entries += entries;
      item.sources[sourceKind] = (item.sources[sourceKind] ?? 0) + entries;
    }
    const languages = [...byLanguage.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
    return {
      languages: languages.length,
      entries: languages.reduce((sum, item) => sum + item.entries, 0),
      bySource: SOURCE_PREFERENCE.filter((kind) => bySource.has(kind)).map((source) => ({
        source,
        entries: bySource.get(source) ?? 0,
      })),
      byLanguage: languages,
      lastImport,
      dataVersion: this.population.dataVersion(),
      canPopulate: this.admins.isAdmin(user),
      dictionaryLoading,
    };
  }

  /** The entry's form spoken as MP3, for a genuine, unexpired signed link (AudioLinks). */
  async audio(entryId: string, expires: string, sig: string): Promise<EntryAudio> {
    const check = this.links.check(entryId, expires, sig);
    if (!check.ok) throw check.reason === 'expired' ? audioLinkExpired() : audioLinkInvalid();
    const row = await this.repository.findById(entryId);
    if (!row) throw entryNotFound();
    const reason = audioUnavailableReason(row.language, row.sourceKind);
    if (reason)
      throw reason === 'phonetic-code'
        ? audioOfPhoneticCode(row.form, row.sourceKind)
        : noVoiceFor(this.catalog.name(row.language));
    const cacheKey = `${row.language}\n${row.form}`;
    const cached = this.audioCache.get(cacheKey);
    if (cached) return cached;
    let spoken: EntryAudio;
    try {
      const result = await this.speech.synthesize({ text: row.form, voice: 'nova', format: 'mp3' });
      spoken = { audio: result.audio, contentType: result.contentType };
    } catch (error) {
      if (error instanceof VoiceEngineError || error instanceof ChatModelError)
        throw speechEngineFailed(error.code, error.message);
      throw error;
    }
    if (this.audioCache.size >= AUDIO_CACHE_SIZE)
      this.audioCache.delete(this.audioCache.keys().next().value!);
    this.audioCache.set(cacheKey, spoken);
    return spoken;
  }
}
