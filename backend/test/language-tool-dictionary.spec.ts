import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import type {
  AuthResponse,
  DefineResponse,
  DictionaryEntry,
  DictionaryPage,
  DictionaryStats,
  LanguageOption,
  WebSearchResponse,
} from '@kasa/contracts';
import { AudioLinks } from '../src/language-tool/dictionary/audio-links';
import { KnowledgeSearchService } from '../src/ai/knowledge/knowledge-search.service';
import { isTranscriptionCode } from '../src/language-tool/lexicon/transcription-code';
import { PopulationService } from '../src/language-tool/population/population.service';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The language list, define (exact, accent-insensitive, near spellings, both directions), browse,
 * statistics, the 'dictionary' knowledge source and the entries' audio, on the shared open data
 * imported once (and on a tiny copy with a Swahili numeral, which eSpeak NG can say).
 */
const PATH = '/api/enhancements/language-tool';

describe('language tool: languages and dictionary', () => {
  let ctx: TestApp;
  let user: AuthResponse;
  let admin: AuthResponse;

  const get = (path: string, who: AuthResponse = user) =>
    request(ctx.app.getHttpServer()).get(`${PATH}${path}`).set(bearer(who));
  const define = async (word: string, language?: string) =>
    (
      await get(
        `/define/${encodeURIComponent(word)}${language ? `?language=${encodeURIComponent(language)}` : ''}`,
      ).expect(200)
    ).body as DefineResponse;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_dictionary', {
      env: { ADMIN_USERNAMES: 'dict_admin_boss' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    await ctx.app.get(PopulationService).importNow('cli');
    user = await registerUser(ctx.app, { prefix: 'dict' });
    admin = (
      await request(ctx.app.getHttpServer())
        .post('/api/auth/register')
        .send({ username: 'dict_admin_boss', password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the 104 picker languages plus English and French under International, first', async () => {
    const languages = (await get('/languages').expect(200)).body as LanguageOption[];
    expect(Array.isArray(languages)).toBe(true);
    expect(languages).toHaveLength(106);
    expect(languages.slice(0, 2)).toEqual([
      { code: 'eng', name: 'English', country: 'International', countryCodes: [], entries: 0 },
      { code: 'fra', name: 'French', country: 'International', countryCodes: [], entries: 0 },
    ]);
    for (const language of languages) expect(language.code).toMatch(/^[a-z]{3}$/);
    expect(new Set(languages.map((language) => language.code)).size).toBe(106);
    const babanki = languages.find((language) => language.code === 'bbk');
    expect(babanki).toMatchObject({ name: 'Babanki', country: 'Cameroon', countryCodes: ['CM'] });
    expect(babanki?.entries).toBeGreaterThan(0);
    for (const code of ['bmv', 'nge', 'ibo'])
      expect(languages.map((language) => language.code)).toContain(code);
  });

  it('answers 401 without a token', async () => {
    await request(ctx.app.getHttpServer()).get(`${PATH}/languages`).expect(401);
    await request(ctx.app.getHttpServer()).get(`${PATH}/define/water`).expect(401);
    await request(ctx.app.getHttpServer()).get(`${PATH}/stats`).expect(401);
  });

  it('defines an English word as the forms of every language, and of one (gloss → form)', async () => {
    const everywhere = await define('water');
    expect(everywhere.success).toBe(true);
    expect(everywhere.language).toBeNull();
    expect(everywhere.definitions.length).toBeGreaterThan(10);
    expect(everywhere.definitions.length).toBeLessThanOrEqual(50);
    expect(everywhere.definitions.every((entry) => entry.match === 'exact')).toBe(true);

    const babanki = await define('water', 'bbk');
    expect(babanki.language).toBe('bbk');
    expect(babanki.definitions).toEqual([
      expect.objectContaining({
        word: 'mu',
        language: 'bbk',
        languageName: 'Babanki',
        translation: 'water',
        partOfSpeech: 'noun',
        source: 'asjp-v12:BABANKI',
        sourceKind: 'asjp-v12',
        audioUrl: null,
        audioUnavailable: 'phonetic-code',
        matchedOn: 'translation',
        match: 'exact',
      }),
    ]);
    expect(babanki.dictionaryLoading).toBeNull();
    // The spec's names are accepted, and English searches glosses only.
    expect((await define('water', 'Babanki')).definitions.map((entry) => entry.word)).toEqual(['mu']);
    const english = await define('water', 'english');
    expect(english.language).toBe('eng');
    expect(english.definitions.every((entry) => entry.matchedOn === 'translation')).toBe(true);
  });

  it("lists Hausa's modern 'ruwa' before Koelle's 1854 'lū́a' for water", async () => {
    const words = (await define('water', 'hau')).definitions.map((entry) => entry.word);
    expect(words[0]).toBe('ruwa');
    expect(words).toContain('lū́a');
    expect(words.indexOf('lū́a')).toBeGreaterThan(words.lastIndexOf('ruwa'));
  });

  it("never answers a transcription code as a word: Babanki 'sun' is not 3T3Z3", async () => {
    const sun = await define('sun', 'bbk');
    expect(sun.definitions.map((entry) => entry.word)).not.toContain('3T3Z3');
    for (const entry of [...sun.definitions, ...(await define('water')).definitions])
      expect(isTranscriptionCode(entry.word, entry.sourceKind)).toBe(false);
    expect((await define('3T3Z3')).definitions).toEqual([]);
    const hits = await ctx.app.get(KnowledgeSearchService).search({
      text: 'sun in Babanki',
      userId: user.user.id,
      limit: 10,
    });
    expect(hits.some((hit) => `${hit.title} ${hit.excerpt}`.includes('3T3Z3'))).toBe(false);
  });

  it('defines a form (form → gloss), exactly and without its tones', async () => {
    const exact = await define('mùʔ', 'bbk');
    expect(exact.definitions[0]).toMatchObject({
      word: 'mùʔ',
      translation: 'one (1)',
      partOfSpeech: 'numeral',
      sourceKind: 'numerals',
      matchedOn: 'word',
      match: 'exact',
      audioUnavailable: 'no-voice',
      audioUrl: null,
    });
    const folded = await define('muʔ', 'bbk');
    expect(folded.definitions).toEqual([
      expect.objectContaining({
        word: 'mùʔ',
        translation: 'one (1)',
        matchedOn: 'word',
        match: 'accent-insensitive',
      }),
    ]);
    // Koelle's transcription and numerals are searched in every language when none is given.
    const all = await define('muʔ');
    expect(all.definitions.map((entry) => entry.language)).toContain('bbk');
  });

  it('finds near spellings only when nothing matches exactly', async () => {
    const typo = await define('watr', 'bbk');
    expect(typo.definitions.length).toBeGreaterThan(0);
    expect(typo.definitions[0]).toMatchObject({
      word: 'mu',
      translation: 'water',
      match: 'fuzzy',
      matchedOn: 'translation',
    });
    // A gloss that is exactly the word (without its parenthesised part) is exact...
    expect((await define('eighteen', 'bbk')).definitions[0]).toMatchObject({
      translation: 'eighteen (18)',
      match: 'exact',
    });
    // ...a word inside a longer gloss is a near match (full-text, stemmed).
    const inside = await define('insteps');
    expect(inside.definitions.length).toBeGreaterThan(0);
    for (const entry of inside.definitions)
      expect(entry).toMatchObject({
        translation: 'Foot, or Instep of the Foot',
        match: 'fuzzy',
        matchedOn: 'translation',
      });
    const nothing = await define('qqqxxzz');
    expect(nothing).toMatchObject({ success: true, word: 'qqqxxzz', definitions: [] });
  });

  it('refuses a blank or too long word and an unknown language with a clear 400', async () => {
    const blank = await get('/define/%20%20').expect(400);
    expect(blank.body.code).toBe('VALIDATION_FAILED');
    const long = await get(`/define/${'a'.repeat(101)}`).expect(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
    const unknown = await get('/define/water?language=klingon').expect(400);
    expect(unknown.body.code).toBe('LANGUAGE_TOOL_UNKNOWN_LANGUAGE');
    expect(unknown.body.message).toContain("'klingon'");
  });

  it('browses the entries page by page, by language and filter', async () => {
    const first = (await get('/entries?language=bbk&pageSize=10').expect(200)).body as DictionaryPage;
    expect(first.entries).toHaveLength(10);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    const csvCount = lexemes().filter((row) => row.language_iso === 'bbk').length;
    expect(first.total).toBe(csvCount);
    const second = (await get('/entries?language=bbk&pageSize=10&page=2').expect(200)).body as DictionaryPage;
    expect(second.entries.map((entry) => entry.id)).not.toContain(first.entries[0].id);
    const filtered = (await get('/entries?language=bbk&q=water').expect(200)).body as DictionaryPage;
    expect(filtered.entries.map((entry) => entry.word)).toEqual(['mu']);
    const percent = (await get('/entries?q=%25%25').expect(200)).body as DictionaryPage;
    expect(percent.total).toBe(0);
    expect((await get('/entries?pageSize=101').expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await get('/entries?page=0').expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('gives statistics equal to the CSV to everyone, and canPopulate to admins only', async () => {
    const rows = lexemes();
    const perLanguage = new Map<string, number>();
    for (const row of rows) perLanguage.set(row.language_iso, (perLanguage.get(row.language_iso) ?? 0) + 1);
    const stats = (await get('/stats').expect(200)).body as DictionaryStats;
    expect(stats.entries).toBe(rows.length);
    expect(stats.languages).toBe(perLanguage.size);
    for (const item of stats.byLanguage) expect(item.entries).toBe(perLanguage.get(item.code));
    expect(stats.bySource.reduce((sum, item) => sum + item.entries, 0)).toBe(rows.length);
    expect(stats.bySource.map((item) => item.source)).toEqual(['numerals', 'asjp-v12', 'polyglottaafricana']);
    expect(stats.byLanguage.find((item) => item.code === 'bbk')).toMatchObject({
      name: 'Babanki',
      country: 'Cameroon',
      countryCodes: ['CM'],
    });
    expect(stats.lastImport?.status).toBe('complete');
    expect(stats.dataVersion).toMatch(/^[0-9a-f]{64}$/);
    expect(stats.canPopulate).toBe(false);
    expect(((await get('/stats', admin).expect(200)).body as DictionaryStats).canPopulate).toBe(true);
  });

  it('is a knowledge source: the knowledge search and the local web search find an entry', async () => {
    const hits = await ctx.app.get(KnowledgeSearchService).search({
      text: 'water in Babanki',
      userId: user.user.id,
      limit: 5,
    });
    expect(hits[0]).toMatchObject({
      source: 'dictionary',
      title: 'Dictionary: water → mu (Babanki, ASJP code)',
    });
    // A French question (the advisor replies in French): the same entry, cited in French.
    const frenchHits = await ctx.app.get(KnowledgeSearchService).search({
      text: 'comment dit-on water en babanki',
      userId: user.user.id,
      limit: 5,
    });
    expect(frenchHits[0]).toMatchObject({
      source: 'dictionary',
      title: 'Dictionnaire : water → mu (Babanki, code ASJP)',
    });
    expect(frenchHits[0].excerpt).toMatch(/^En Babanki \(bbk\), « water » \(anglais\) se dit « mu » : /);
    const found = (
      await request(ctx.app.getHttpServer())
        .post('/api/enhancements/search')
        .set(bearer(user))
        .send({ query: 'Babanki water' })
        .expect(200)
    ).body as WebSearchResponse;
    expect(found.engine).toBe('local');
    expect(found.results.map((result) => result.title)).toContain(
      'Dictionary: water → mu (Babanki, ASJP code)',
    );
  });

  /** The rows of lexemes.csv the import keeps: all but the transcription codes. */
  function lexemes(): Record<string, string>[] {
    const rows = parse(readFileSync(join(ctx.config.lexicon.dir, 'lexemes.csv'), 'utf8'), {
      columns: true,
      skip_empty_lines: true,
      bom: true,
    }) as Record<string, string>[];
    return rows.filter(
      (row) =>
        !isTranscriptionCode(row.form, row.source_dataset.split(':')[0] as DictionaryEntry['sourceKind']),
    );
  }
});

describe('language tool: dictionary audio', () => {
  let ctx: TestApp;
  let user: AuthResponse;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kasa-lexicon-'));
    const header = 'iso,glottocode,name,country,family,latitude,longitude,lexeme_count';
    writeFileSync(
      join(dir, 'languages.csv'),
      `${header}\nbbk,baba1266,Babanki,CM,Atlantic-Congo,6.1,10.3,3\nswh,swah1253,Swahili,KE;TZ,Atlantic-Congo,-6.0,35.0,1\n`,
    );
    writeFileSync(
      join(dir, 'languages_picker.csv'),
      `${header}\nbbk,baba1266,Babanki,CM,Atlantic-Congo,6.1,10.3,3\n`,
    );
    writeFileSync(
      join(dir, 'lexemes.csv'),
      [
        'language_iso,language_name,gloss_en,form,source_dataset',
        'bbk,Babanki,water,mu,asjp-v12:BABANKI',
        'bbk,Babanki,one (1),mùʔ,numerals:baba1266-1',
        'bbk,Babanki,water,mu,polyglottaafricana:babanki',
        'swh,Swahili,one (1),moja,numerals:swah1253-1',
      ].join('\n') + '\n',
    );
    ctx = await createTestApp('language_tool_audio', { env: { LEXICON_DIR: dir } });
    await ctx.app.get(PopulationService).importNow('cli');
    user = await registerUser(ctx.app, { prefix: 'dict_audio' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('speaks a form whose language has a voice through a signed link, and says why others have none', async () => {
    const server = ctx.app.getHttpServer();
    const swahili = (
      await request(server).get(`${PATH}/define/moja?language=swh`).set(bearer(user)).expect(200)
    ).body as DefineResponse;
    const [moja] = swahili.definitions;
    expect(moja).toMatchObject({ word: 'moja', translation: 'one (1)', audioUnavailable: null });
    expect(moja.audioUrl).toMatch(
      new RegExp(`^${PATH}/audio/${moja.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );

    // No bearer token: the signature is the permission (an <audio> element sends none).
    const audio = await request(server).get(moja.audioUrl!).buffer(true).expect(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(Number(audio.headers['content-length'])).toBeGreaterThan(500);

    const forged = moja.audioUrl!.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await request(server).get(forged).expect(403)).body.code).toBe('FILES_LINK_INVALID');

    const babanki = (
      await request(server).get(`${PATH}/define/water?language=bbk`).set(bearer(user)).expect(200)
    ).body as DefineResponse;
    expect(babanki.definitions.map((entry) => [entry.source, entry.audioUnavailable])).toEqual(
      expect.arrayContaining([
        ['asjp-v12:BABANKI', 'phonetic-code'],
        ['polyglottaafricana:babanki', 'phonetic-code'],
      ]),
    );
    const one = (await request(server).get(`${PATH}/define/one?language=bbk`).set(bearer(user)).expect(200))
      .body as DefineResponse;
    expect(one.definitions[0]).toMatchObject({ word: 'mùʔ', audioUrl: null, audioUnavailable: 'no-voice' });
  }, 60_000);

  it('answers 404 for a signed link to an entry that is gone and 422 for one without a voice', async () => {
    const server = ctx.app.getHttpServer();
    const links = ctx.app.get(AudioLinks);
    const missing = links.sign('00000000-0000-4000-8000-000000000000');
    expect((await request(server).get(missing).expect(404)).body.code).toBe('DICTIONARY_ENTRY_NOT_FOUND');
    const babanki = (
      await request(server).get(`${PATH}/define/water?language=bbk`).set(bearer(user)).expect(200)
    ).body as DefineResponse;
    const noVoice = links.sign(babanki.definitions[0].id);
    expect((await request(server).get(noVoice).expect(422)).body.code).toBe('DICTIONARY_AUDIO_UNAVAILABLE');
  });
});
