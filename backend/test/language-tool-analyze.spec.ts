import request from 'supertest';
import { type AnalyzeResponse, type AuthResponse, LANGUAGE_TOOL_TEXT_MAX } from '@kasa/contracts';
import { PopulationService } from '../src/language-tool/population/population.service';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * POST …/analyze on the shared open data: identification (franc, the dictionary, both), the
 * dictionary matches, named entities, eSpeak NG's IPA, and the chat model's translations with
 * the offline parts kept when it fails.
 */
const PATH = '/api/enhancements/language-tool/analyze';

/** Ngemba numerals of data/lexicon/lexemes.csv (numerals:bamb1266-3): one to six. */
const NGEMBA_NUMERALS = 'mɔ́ʔɔ̂ bâ tárə̂ kwà tánə̀ ntúɣú';
const FRENCH = 'Je vais au marché de Bamenda avec Marie demain.';

/** The whole open data, imported in-process (the dictionary.import job's runner). */
async function importData(ctx: TestApp): Promise<void> {
  const run = await ctx.app.get(PopulationService).importNow('cli');
  expect(run.status).toBe('complete');
}

function analyze(ctx: TestApp, who: AuthResponse | null, body: Record<string, unknown>) {
  const call = request(ctx.app.getHttpServer()).post(PATH);
  return (who ? call.set(bearer(who)) : call).send(body);
}

async function analysisOf(ctx: TestApp, who: AuthResponse, body: Record<string, unknown>) {
  const response = (await analyze(ctx, who, body).expect(200)).body as AnalyzeResponse;
  expect(response).toMatchObject({ success: true, error: null });
  return response.analysis!;
}

describe('language tool: analyze offline', () => {
  let ctx: TestApp;
  let user: AuthResponse;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_analyze', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    await importData(ctx);
    user = await registerUser(ctx.app, { prefix: 'analyze' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('identifies a French sentence, finds its names and gives its IPA; translations need a model', async () => {
    const analysis = await analysisOf(ctx, user, { text: ` ${FRENCH} ` });
    expect(analysis.text).toBe(FRENCH);
    expect(analysis.linguisticAnalysis).toMatchObject({
      detectedLanguage: 'fra',
      detectedLanguageName: 'French',
      mixedLanguages: [],
      culturalContext: null,
      method: 'franc',
    });
    expect(analysis.linguisticAnalysis.confidence).toBeGreaterThan(0.5);
    expect(analysis.namedEntities).toEqual([
      {
        text: 'Bamenda',
        type: 'PLACE',
        language: 'fra',
        description: 'City in Cameroon, capital of the North-West Region',
      },
      { text: 'Marie', type: 'OTHER', language: 'fra', description: 'Capitalised name not in the gazetteer' },
    ]);
    expect(analysis.pronunciation).toEqual([
      {
        language: 'fra',
        phonetic: expect.stringMatching(/maʁʃ/),
        toneMarking: null,
        available: true,
        note: null,
      },
    ]);
    expect(analysis).toMatchObject({ translations: [], mode: 'offline', model: null });
    expect(analysis.notes).toContain(
      'Translations and cultural context need a chat model, which is not available on this server.',
    );
    expect(JSON.stringify(analysis.notes)).not.toMatch(/OPENAI_|CHAT_MODEL/);
  });

  it('identifies an English sentence and looks its words up by their English glosses', async () => {
    const analysis = await analysisOf(ctx, user, {
      text: 'The children drink water from the river every morning.',
    });
    expect(analysis.linguisticAnalysis).toMatchObject({
      detectedLanguage: 'eng',
      detectedLanguageName: 'English',
    });
    expect(analysis.pronunciation[0]).toMatchObject({ language: 'eng', available: true });
    expect(analysis.pronunciation[0].phonetic).toBeTruthy();
    const water = analysis.dictionary.find((entry) => entry.word === 'water');
    expect(water?.matches).toContainEqual({
      language: 'bbk',
      confidence: 1,
      gptVerified: false,
      word: 'mu',
      translation: 'water',
      partOfSpeech: 'noun',
      source: 'asjp-v12:BABANKI',
    });
    expect(water!.matches.length).toBeLessThanOrEqual(5);
  });

  it('identifies Ngemba from the dictionary, with English beside it as a mixed language', async () => {
    const alone = await analysisOf(ctx, user, { text: NGEMBA_NUMERALS });
    expect(alone.linguisticAnalysis).toMatchObject({
      detectedLanguage: 'nge',
      detectedLanguageName: 'Ngemba',
      mixedLanguages: [],
      method: 'dictionary',
    });
    const three = alone.dictionary.find((entry) => entry.word === 'tárə̂');
    expect(three?.matches[0]).toEqual({
      language: 'nge',
      confidence: 1,
      gptVerified: false,
      word: 'tárə̂',
      translation: 'three (3)',
      partOfSpeech: 'numeral',
      source: 'numerals:bamb1266-3',
    });
    // Ngemba has no eSpeak voice: the tone marks are described instead.
    expect(alone.pronunciation).toEqual([
      {
        language: 'nge',
        phonetic: null,
        toneMarking: expect.stringMatching(/^Tone marks: \d+ high \(acute\), \d+ low \(grave\)/),
        available: false,
        note: 'Pronunciation not available: the speech engine has no voice for Ngemba.',
      },
    ]);

    const mixed = await analysisOf(ctx, user, { text: `I count ${NGEMBA_NUMERALS} with my friends.` });
    expect(mixed.linguisticAnalysis).toMatchObject({
      detectedLanguage: 'nge',
      mixedLanguages: ['eng'],
      method: 'franc+dictionary',
    });
    expect(mixed.pronunciation.map((entry) => [entry.language, entry.available])).toEqual([
      ['nge', false],
      ['eng', true],
    ]);
  });

  it("accepts the spec's names and codes in languages, and answers 'und' for a text too short to tell", async () => {
    const analysis = await analysisOf(ctx, user, {
      text: NGEMBA_NUMERALS,
      languages: ['Ngemba', 'babanki', 'eng', 'ibo'],
      includeNER: false,
      includePronunciation: false,
    });
    expect(analysis.linguisticAnalysis.detectedLanguage).toBe('nge');
    expect(analysis.namedEntities).toEqual([]);
    expect(analysis.pronunciation).toEqual([]);
    // Only the requested languages are considered: Ngemba not among them, its words are unknown.
    const without = await analysisOf(ctx, user, { text: NGEMBA_NUMERALS, languages: ['bum', 'english'] });
    expect(
      without.dictionary.every((entry) => entry.matches.every((match) => match.language !== 'nge')),
    ).toBe(true);

    const short = await analysisOf(ctx, user, { text: 'hello', includeDictionary: false });
    expect(short.linguisticAnalysis).toMatchObject({
      detectedLanguage: 'und',
      confidence: 0,
      method: 'none',
    });
    expect(short.dictionary).toEqual([]);
    expect(short.notes.some((note) => note.startsWith('The language could not be identified'))).toBe(true);
  });

  it.each([
    [
      'an unknown language',
      { text: 'hello', languages: ['klingon'] },
      'LANGUAGE_TOOL_UNKNOWN_LANGUAGE',
      "'klingon'",
    ],
    ['a blank text', { text: '   ' }, 'VALIDATION_FAILED', 'Please enter a text to analyse.'],
    ['no text', {}, 'VALIDATION_FAILED', 'Please enter a text to analyse.'],
    [
      'an over-long text',
      { text: 'a'.repeat(LANGUAGE_TOOL_TEXT_MAX + 1) },
      'VALIDATION_FAILED',
      `at most ${LANGUAGE_TOOL_TEXT_MAX} characters`,
    ],
    [
      'languages that are not a list',
      { text: 'hello', languages: 'eng' },
      'VALIDATION_FAILED',
      'languages must',
    ],
    [
      'more than 10 languages',
      { text: 'hello', languages: Array.from({ length: 11 }, () => 'eng') },
      'VALIDATION_FAILED',
      'languages must',
    ],
    ['a flag that is not a boolean', { text: 'hello', includeNER: 'yes' }, 'VALIDATION_FAILED', 'includeNER'],
    [
      'a conversationId that is not a UUID',
      { text: 'hello', conversationId: '12' },
      'VALIDATION_FAILED',
      'conversationId',
    ],
  ])('refuses %s with 400', async (_label, body, code, message) => {
    const response = await analyze(ctx, user, body).expect(400);
    expect(response.body).toMatchObject({ code });
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it('needs a signed-in user', async () => {
    await analyze(ctx, null, { text: FRENCH }).expect(401);
  });

  it("answers 404 for another user's conversation", async () => {
    const owner = await registerUser(ctx.app, { prefix: 'analyze' });
    const sent = await request(ctx.app.getHttpServer())
      .post('/api/chat')
      .set(bearer(owner))
      .send({ message: 'Hello' })
      .expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    const refused = await analyze(ctx, user, { text: FRENCH, conversationId }).expect(404);
    expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
    await analyze(ctx, owner, { text: FRENCH, conversationId }).expect(200);
  });
});

describe('language tool: analyze with a chat model', () => {
  let ctx: TestApp;
  let openai: FakeOpenAiServer;
  let user: AuthResponse;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    ctx = await createTestApp('language_tool_analyze_ai', {
      env: { OPENAI_BASE_URL: openai.baseUrl, CHAT_MODEL: 'fake-model', AI_MAX_RETRIES: '0' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    await importData(ctx);
    user = await registerUser(ctx.app, { prefix: 'analyze' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    await openai?.close();
  });
  beforeEach(() => {
    openai.requests.length = 0;
  });

  it("adds the model's translations and cultural context, and marks the matches it confirmed", async () => {
    const answer = {
      translations: [
        { language: 'Babanki', translation: 'mùʔ bò táʔ', confidence: 0.6, reasoning: 'From the numerals.' },
        {
          language: 'eng',
          translation: 'one two three four five six',
          confidence: 0.9,
          reasoning: 'Numerals.',
        },
        { language: 'xx', translation: 'dropped', confidence: 1, reasoning: 'Not a language.' },
      ],
      culturalContext: 'Ngemba counts are used in markets of the North-West Region.',
      verified: ['tárə̂'],
    };
    const json = JSON.stringify(answer);
    openai.script({ kind: 'stream', chunks: ['```json\n', json.slice(0, 40), json.slice(40), '\n```'] });
    const analysis = await analysisOf(ctx, user, { text: NGEMBA_NUMERALS });
    expect(analysis).toMatchObject({ mode: 'ai', model: 'fake-model' });
    expect(analysis.translations).toEqual([
      { language: 'bbk', translation: 'mùʔ bò táʔ', confidence: 0.6, reasoning: 'From the numerals.' },
      {
        language: 'eng',
        translation: 'one two three four five six',
        confidence: 0.9,
        reasoning: 'Numerals.',
      },
    ]);
    expect(analysis.linguisticAnalysis.culturalContext).toBe(answer.culturalContext);
    const verified = analysis.dictionary.flatMap((entry) =>
      entry.matches.filter((match) => match.gptVerified).map(() => entry.word),
    );
    expect(verified.length).toBeGreaterThan(0);
    expect(new Set(verified)).toEqual(new Set(['tárə̂']));
    expect(analysis.notes.some((note) => note.includes('chat model'))).toBe(false);

    // The model read the dictionary's matches as evidence, and the languages to translate into.
    const prompt = openai.requests[0].body.messages!.map((message) => message.content).join('\n');
    expect(prompt).toContain('"tárə̂": nge "tárə̂" = "three (3)" (numerals:bamb1266-3)');
    expect(prompt).toContain('bbk (Babanki)');
  });

  it('keeps the offline parts with a note when the model fails', async () => {
    openai.script({ kind: 'error', status: 500, message: 'boom' });
    const analysis = await analysisOf(ctx, user, { text: FRENCH });
    expect(analysis).toMatchObject({ mode: 'offline', model: null, translations: [] });
    expect(analysis.linguisticAnalysis).toMatchObject({ detectedLanguage: 'fra', culturalContext: null });
    expect(analysis.namedEntities.length).toBeGreaterThan(0);
    expect(analysis.pronunciation[0]).toMatchObject({ language: 'fra', available: true });
    expect(analysis.notes.some((note) => note.startsWith('The chat model failed'))).toBe(true);
  });

  it('keeps the offline parts with a note when the model answers something that is not JSON', async () => {
    openai.script({ kind: 'stream', chunks: ['Sorry, I cannot help with that.'] });
    const analysis = await analysisOf(ctx, user, { text: FRENCH });
    expect(analysis).toMatchObject({ mode: 'offline', translations: [] });
    expect(analysis.notes).toContain(
      "The chat model's answer was not the JSON asked for: translations and cultural context are missing, the rest of the analysis was made offline.",
    );
  });
});
