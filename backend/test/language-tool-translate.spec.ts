import request from 'supertest';
import type { AuthResponse, TranslationResponse } from '@kasa/contracts';
import { PopulationService } from '../src/language-tool/population/population.service';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * POST …/translate on the shared open data: the dictionary's answer offline (whole text, then
 * word by word, through the English glosses between two lexicon languages), the chat model's with
 * the dictionary as evidence, and the dictionary again when the model fails.
 */
const PATH = '/api/enhancements/language-tool/translate';

function translate(ctx: TestApp, who: AuthResponse | null, body: Record<string, unknown>) {
  const call = request(ctx.app.getHttpServer()).post(PATH);
  return (who ? call.set(bearer(who)) : call).send(body);
}

describe('language tool: translate offline', () => {
  let ctx: TestApp;
  let user: AuthResponse;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_translate', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    await ctx.app.get(PopulationService).importNow('cli');
    user = await registerUser(ctx.app, { prefix: 'translate' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it("translates 'water' English → Babanki from the dictionary, saying the form is ASJP code", async () => {
    const body = (
      await translate(ctx, user, { text: ' water ', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(200)
    ).body as TranslationResponse;
    expect(body).toMatchObject({
      success: true,
      text: 'water',
      fromLanguage: 'eng',
      toLanguage: 'bbk',
      translation: 'mu',
      kind: 'dictionary',
      glossWords: [],
      source: 'database',
      missingWords: [],
      model: null,
    });
    expect(body.databaseMatches).toContainEqual({
      word: 'water',
      translation: 'mu',
      partOfSpeech: 'noun',
      audioUrl: null,
      source: 'asjp-v12:BABANKI',
      language: 'bbk',
    });
    expect(body.note).toContain('phonetic ASCII code');
    expect(body.note).toContain('a chat model, which is not available on this server');
    expect(body.note).not.toMatch(/OPENAI_|CHAT_MODEL/);
  });

  it("prefers Hausa's modern spelling to Koelle's 1854 transcription: water is ruwa", async () => {
    const body = (
      await translate(ctx, user, { text: 'water', fromLanguage: 'eng', toLanguage: 'hau' }).expect(200)
    ).body as TranslationResponse;
    expect(body).toMatchObject({ translation: 'ruwa', kind: 'dictionary' });
    expect(body.databaseMatches.map((match) => match.translation)).toEqual(
      expect.arrayContaining(['ruwa', 'lū́a']),
    );
  });

  it("never gives a transcription code as a word: Babanki 'sun' is not 3T3Z3", async () => {
    const sun = (
      await translate(ctx, user, { text: 'sun', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(200)
    ).body as TranslationResponse;
    expect(sun).toMatchObject({ translation: '', kind: 'dictionary', missingWords: ['sun'] });
    expect(JSON.stringify(sun)).not.toContain('3T3Z3');
    const fromCode = (
      await translate(ctx, user, { text: '3T3Z3', fromLanguage: 'bbk', toLanguage: 'eng' }).expect(200)
    ).body as TranslationResponse;
    expect(fromCode).toMatchObject({ translation: '', databaseMatches: [] });
  });

  it('answers a sentence without a model as a word-by-word gloss, unknown words as a dash, not in brackets', async () => {
    const body = (
      await translate(ctx, user, {
        text: 'Water and leaf!',
        fromLanguage: 'english',
        toLanguage: 'babanki',
      }).expect(200)
    ).body as TranslationResponse;
    expect(body.fromLanguage).toBe('eng');
    expect(body.toLanguage).toBe('bbk');
    expect(body).toMatchObject({ kind: 'gloss', source: 'database', model: null });
    expect(body.translation).toBe('mu — fu');
    expect(body.translation).not.toContain('[');
    expect(body.glossWords).toEqual([
      { word: 'Water', gloss: 'mu' },
      { word: 'and', gloss: null },
      { word: 'leaf', gloss: 'fu' },
    ]);
    expect(body.missingWords).toEqual(['and']);
    expect(body.databaseMatches.map((match) => [match.word, match.translation])).toEqual(
      expect.arrayContaining([
        ['Water', 'mu'],
        ['leaf', 'fu'],
      ]),
    );
    expect(body.note).toContain('no entry for: and');
    expect(body.note).toContain('word-by-word gloss from the dictionary, not a translation');
    expect(body.note).toContain('a chat model, which is not available on this server');
  });

  it('glosses a Hausa sentence with the modern forms and no code', async () => {
    const body = (
      await translate(ctx, user, {
        text: 'Where is the water?',
        fromLanguage: 'eng',
        toLanguage: 'hau',
      }).expect(200)
    ).body as TranslationResponse;
    expect(body.kind).toBe('gloss');
    expect(body.glossWords.at(-1)).toEqual({ word: 'water', gloss: 'ruwa' });
    expect(body.translation.split(' ').at(-1)).toBe('ruwa');
    expect(body.translation).not.toMatch(/\[|\]/);
  });

  it('prefers a numeral over the ASJP form, and lists every match', async () => {
    const body = (
      await translate(ctx, user, { text: 'one', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(200)
    ).body as TranslationResponse;
    expect(body.translation).toBe('mùʔ');
    // ASJP's 'mo7' is a code (7 = ʔ), so it is not an entry.
    expect(body.databaseMatches.map((match) => match.translation)).toEqual(['mùʔ']);
  });

  it('translates Babanki → English and Babanki → Igbo through the English gloss', async () => {
    const toEnglish = (
      await translate(ctx, user, { text: 'mu', fromLanguage: 'bbk', toLanguage: 'eng' }).expect(200)
    ).body as TranslationResponse;
    expect(toEnglish.translation).toBe('water');
    expect(toEnglish.databaseMatches).toContainEqual(
      expect.objectContaining({ word: 'mu', translation: 'water', source: 'asjp-v12:BABANKI' }),
    );
    const folded = (
      await translate(ctx, user, { text: 'muʔ', fromLanguage: 'bbk', toLanguage: 'eng' }).expect(200)
    ).body as TranslationResponse;
    expect(folded.translation).toBe('one (1)');
    const toIgbo = (
      await translate(ctx, user, { text: 'mu', fromLanguage: 'bbk', toLanguage: 'ibo' }).expect(200)
    ).body as TranslationResponse;
    // Igbo's ASJP forms for water (mirn~i, mm~ili) are codes: Koelle's forms remain.
    expect(toIgbo.databaseMatches.map((match) => match.translation)).toEqual(
      expect.arrayContaining(['ḿmi', 'min']),
    );
    expect(toIgbo.databaseMatches.some((match) => match.translation.includes('~'))).toBe(false);
    expect(toIgbo.note).toContain('through the English glosses');
  });

  it('says plainly that the dictionary has no French', async () => {
    const body = (
      await translate(ctx, user, { text: 'water', fromLanguage: 'eng', toLanguage: 'fra' }).expect(200)
    ).body as TranslationResponse;
    expect(body).toMatchObject({
      translation: '',
      databaseMatches: [],
      missingWords: ['water'],
      source: 'database',
    });
    expect(body.note).toContain('no French');
  });

  it('refuses the same language twice, a blank text, an unknown language and no token', async () => {
    const same = await translate(ctx, user, {
      text: 'water',
      fromLanguage: 'eng',
      toLanguage: 'english',
    }).expect(400);
    expect(same.body).toMatchObject({
      code: 'LANGUAGE_TOOL_SAME_LANGUAGE',
      message: 'Source and target languages must be different',
    });
    const blank = await translate(ctx, user, { text: '   ', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(
      400,
    );
    expect(blank.body.code).toBe('VALIDATION_FAILED');
    const long = await translate(ctx, user, {
      text: 'a'.repeat(2001),
      fromLanguage: 'eng',
      toLanguage: 'bbk',
    }).expect(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
    const unknown = await translate(ctx, user, {
      text: 'water',
      fromLanguage: 'eng',
      toLanguage: 'xx1',
    }).expect(400);
    expect(unknown.body.code).toBe('LANGUAGE_TOOL_UNKNOWN_LANGUAGE');
    const missing = await translate(ctx, user, { text: 'water', fromLanguage: 'eng' }).expect(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    await translate(ctx, null, { text: 'water', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(401);
  });
});

describe('language tool: translate with a chat model', () => {
  let ctx: TestApp;
  let openai: FakeOpenAiServer;
  let user: AuthResponse;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    ctx = await createTestApp('language_tool_translate_ai', {
      env: { OPENAI_BASE_URL: openai.baseUrl, CHAT_MODEL: 'fake-model', AI_MAX_RETRIES: '0' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    await ctx.app.get(PopulationService).importNow('cli');
    user = await registerUser(ctx.app, { prefix: 'translate_ai' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    await openai?.close();
  });
  beforeEach(() => {
    openai.requests.length = 0;
  });

  it("answers the model's translation with the dictionary's matches as evidence", async () => {
    openai.script({ kind: 'stream', chunks: ['```json\n{"translation": ', '"mû"}\n```'] });
    const body = (
      await translate(ctx, user, { text: 'water', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(200)
    ).body as TranslationResponse;
    expect(body).toMatchObject({
      translation: 'mû',
      kind: 'translation',
      glossWords: [],
      source: 'AI',
      model: 'fake-model',
    });
    expect(body.databaseMatches).toContainEqual(
      expect.objectContaining({ word: 'water', translation: 'mu', source: 'asjp-v12:BABANKI' }),
    );
    const prompt = JSON.stringify(openai.requests[0].body.messages);
    expect(prompt).toContain('Babanki');
    expect(prompt).toContain('\\"water\\" → \\"mu\\"');
  });

  it("falls back to the dictionary's answer when the model fails", async () => {
    openai.script({ kind: 'error', status: 500, message: 'upstream broke' });
    const body = (
      await translate(ctx, user, { text: 'water', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(200)
    ).body as TranslationResponse;
    expect(body).toMatchObject({ translation: 'mu', kind: 'dictionary', source: 'database', model: null });
    expect(body.note).toContain('The AI model could not translate');

    openai.script({ kind: 'error', status: 500, message: 'upstream broke' });
    const sentence = (
      await translate(ctx, user, { text: 'Water and leaf', fromLanguage: 'eng', toLanguage: 'bbk' }).expect(
        200,
      )
    ).body as TranslationResponse;
    expect(sentence).toMatchObject({ translation: 'mu — fu', kind: 'gloss', source: 'database' });
    expect(sentence.note).toContain('word-by-word gloss, not a translation');
  });
});
