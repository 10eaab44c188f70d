import JSZip from 'jszip';
import request from 'supertest';
import type {
  AccountExportResponse,
  AccountExportView,
  AuthResponse,
  FarmProfile,
  UpdateFarmProfileRequest,
} from '@kasa/contracts';
import { chatRegeneratePath, FARM_PROFILE_PATH, FARM_TEXT_MAX_LENGTH } from '@kasa/contracts';
import { fixedSystemPrompt } from '../src/chat/prompt/build-chat-prompt';
import { FARM_CONTEXT_HEADING } from '../src/farm/farm-context';
import { eventually, listen, openChatStream, sql } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Account → My farm end to end: the profile routes, the context block the chat's model receives
 * (a loopback OpenAI-compatible server records the request), the export ZIP and account deletion.
 */

const EMPTY: FarmProfile = {
  place: null,
  country: null,
  latitude: null,
  longitude: null,
  crops: [],
  otherCrops: null,
  livestock: [],
  otherLivestock: null,
  size: null,
  sizeUnit: null,
  languages: [],
  updatedAt: null,
};

const BAMENDA: UpdateFarmProfileRequest = {
  place: ' Bamenda ',
  country: 'cm',
  latitude: 5.96321,
  longitude: 10.15789,
  crops: ['maize', 'beans', 'maize'],
  otherCrops: 'moringa',
  livestock: ['goats'],
  otherLivestock: '',
  size: 2,
  sizeUnit: 'hectares',
  languages: ['en', 'pcm'],
};

describe('farm profile', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  const http = () => request(ctx.app.getHttpServer());
  const register = () => registerUser(ctx.app, { prefix: 'farm' });

  const getProfile = (who: AuthResponse) => http().get(FARM_PROFILE_PATH).set(bearer(who));
  const putProfile = (who: AuthResponse, body: object) =>
    http().put(FARM_PROFILE_PATH).set(bearer(who)).send(body);

  /** The system prompt the model received for one message of `who`'s. */
  async function systemPromptSent(who: AuthResponse, message: string): Promise<string> {
    const before = fake.requests.length;
    const stream = await openChatStream(baseUrl, who.token, { message });
    expect(stream.status).toBe(200);
    await stream.ended;
    const sent = fake.requests
      .slice(before)
      .find((record) => record.body.messages?.at(-1)?.content === message);
    expect(sent).toBeDefined();
    const [system] = sent!.body.messages!;
    expect(system.role).toBe('system');
    return system.content;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.fallback = { kind: 'stream', chunks: ['Plant', ' after', ' the', ' first', ' rains.'] };
    ctx = await createTestApp('farm_profile', {
      env: {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
        ASSISTANT_NAME: 'Kasa',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    baseUrl = await listen(ctx.app);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('answers the empty profile before the first save, and only to a signed-in user', async () => {
    const ama = await register();
    expect((await getProfile(ama).expect(200)).body).toEqual(EMPTY);
    await http().get(FARM_PROFILE_PATH).expect(401);
    await http().put(FARM_PROFILE_PATH).send(BAMENDA).expect(401);
  });

  it('saves the whole profile, cleaned and rounded, answers it as stored and reads it back', async () => {
    const ama = await register();
    const saved = (await putProfile(ama, BAMENDA).expect(200)).body as FarmProfile;
    expect(saved).toEqual({
      place: 'Bamenda',
      country: 'CM',
      latitude: 5.96,
      longitude: 10.16,
      crops: ['maize', 'beans'],
      otherCrops: 'moringa',
      livestock: ['goats'],
      otherLivestock: null,
      size: 2,
      sizeUnit: 'hectares',
      languages: ['en', 'pcm'],
      updatedAt: expect.any(String),
    });
    expect(Date.now() - new Date(saved.updatedAt!).getTime()).toBeGreaterThanOrEqual(0);
    expect((await getProfile(ama).expect(200)).body).toEqual(saved);

    // The stored coordinates themselves are rounded, not only the answer.
    const [row] = await sql<{ latitude: string; longitude: string }>(
      ctx.databaseUrl,
      'SELECT latitude, longitude FROM farm_profiles WHERE user_id = $1',
      [ama.user.id],
    );
    expect(row).toEqual({ latitude: '5.96', longitude: '10.16' });

    // A put replaces everything: what it leaves out is cleared.
    const replaced = (await putProfile(ama, { latitude: 3.87654, longitude: -1.234 }).expect(200))
      .body as FarmProfile;
    expect(replaced).toEqual({ ...EMPTY, latitude: 3.88, longitude: -1.23, updatedAt: expect.any(String) });
  });

  it.each<[string, object, RegExp]>([
    [
      'an unknown crop',
      { crops: ['maize', 'quinoa'] },
      /crops must be a list of the crops offered.*"quinoa"/,
    ],
    [
      'a latitude without a longitude',
      { latitude: 5.9 },
      /^Send latitude and longitude together, or neither\.$/,
    ],
    ['a size without its unit', { size: 2 }, /^Send size and sizeUnit together, or neither\.$/],
    [
      'a place that is too long',
      { place: 'B'.repeat(FARM_TEXT_MAX_LENGTH + 1) },
      new RegExp(`^place must be text of at most ${FARM_TEXT_MAX_LENGTH} characters`),
    ],
    ['an unknown field', { ...BAMENDA, farmName: 'Green acres' }, /^property farmName should not exist$/],
    ['a country that is not a code', { country: 'Cameroon' }, /^country must be a two-letter country code/],
  ])('refuses %s with a 400 that says why, and keeps the saved profile', async (_case, body, message) => {
    const ama = await register();
    const saved = (await putProfile(ama, BAMENDA).expect(200)).body as FarmProfile;
    const refused = await putProfile(ama, body).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((refused.body as { message: string }).message).toMatch(message);
    expect((await getProfile(ama).expect(200)).body).toEqual(saved);
  });

  it('shows each user their own profile only, and DELETE forgets it', async () => {
    const ama = await register();
    const kofi = await register();
    await putProfile(ama, BAMENDA).expect(200);
    expect((await getProfile(kofi).expect(200)).body).toEqual(EMPTY);
    await http().delete(FARM_PROFILE_PATH).set(bearer(kofi)).expect(204);
    expect((await getProfile(ama).expect(200)).body).toMatchObject({ place: 'Bamenda' });

    await http().delete(FARM_PROFILE_PATH).set(bearer(ama)).expect(204);
    expect((await getProfile(ama).expect(200)).body).toEqual(EMPTY);
    // Nothing left to forget is fine.
    await http().delete(FARM_PROFILE_PATH).set(bearer(ama)).expect(204);
  });

  it("puts the farm in the model's system prompt, after the fixed prompt, and only the sender's", async () => {
    const ama = await register();
    const kofi = await register();
    const fixed = fixedSystemPrompt('Kasa', ctx.config.appName);
    expect(await systemPromptSent(ama, 'When should I plant?')).toBe(fixed);

    await putProfile(ama, BAMENDA).expect(200);
    const system = await systemPromptSent(ama, 'When should I plant beans?');
    expect(system).toBe(
      [
        fixed,
        '',
        FARM_CONTEXT_HEADING,
        '- Place: Bamenda, CM',
        '- Crops: maize, beans; other: moringa',
        '- Livestock: goats',
        '- Size: 2 hectares',
        '- Languages: English, Nigerian Pidgin (pcm)',
      ].join('\n'),
    );
    expect(await systemPromptSent(kofi, 'When should I plant yams?')).toBe(fixed);

    await http().delete(FARM_PROFILE_PATH).set(bearer(ama)).expect(204);
    expect(await systemPromptSent(ama, 'And cassava?')).toBe(fixed);
  });

  it('puts the farm in the prompt of a new version of a reply too', async () => {
    const ama = await register();
    const stream = await openChatStream(baseUrl, ama.token, { message: 'Which maize variety?' });
    const [first] = await stream.ended;
    await putProfile(ama, BAMENDA).expect(200);
    const before = fake.requests.length;
    const response = await fetch(`${baseUrl}${chatRegeneratePath(first.assistantMessageId!)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(ama) },
      body: '{}',
    });
    expect(response.status).toBe(200);
    await response.text();
    const [system, ...rest] = fake.requests.at(-1)!.body.messages!;
    expect(fake.requests.length).toBe(before + 1);
    expect(rest.at(-1)).toEqual({ role: 'user', content: 'Which maize variety?' });
    expect(system.content).toContain(`${FARM_CONTEXT_HEADING}\n- Place: Bamenda, CM\n`);
  });

  it('puts the profile in the export ZIP as farm-profile.json', async () => {
    const ama = await register();
    const saved = (await putProfile(ama, BAMENDA).expect(200)).body as FarmProfile;
    const started = (await http().post('/api/account/export').set(bearer(ama)).send({}).expect(202))
      .body as AccountExportResponse;
    const done = await eventually(
      async () => {
        const view = (
          await http().get(`/api/account/export/${started.export.id}`).set(bearer(ama)).expect(200)
        ).body as AccountExportView;
        if (view.status === 'failed') throw new Error(`export failed: ${JSON.stringify(view.error)}`);
        return view.status === 'completed' ? view : undefined;
      },
      30_000,
      50,
    );
    const zipBytes = (
      await http()
        .get(done.downloadUrl!)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
    const zip = await JSZip.loadAsync(zipBytes);
    const exported = JSON.parse(await zip.file('farm-profile.json')!.async('string')) as FarmProfile;
    expect(exported).toEqual(saved);
    expect(await zip.file('README.txt')!.async('string')).toContain('farm-profile.json');
  });

  it('is deleted with the account', async () => {
    const ama = await register();
    await putProfile(ama, BAMENDA).expect(200);
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>(
            ctx.databaseUrl,
            'SELECT count(*) AS n FROM farm_profiles WHERE user_id = $1',
            [ama.user.id],
          )
        )[0].n,
      );
    expect(await count()).toBe(1);
    await http().delete('/api/account').set(bearer(ama)).send({ password: 'secret123' }).expect(200);
    expect(await count()).toBe(0);
  });
});
