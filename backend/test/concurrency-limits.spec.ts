import { type ClientRequest, request as httpRequest, type ServerResponse } from 'node:http';
import Redis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { type ChatStream, eventually, listen, openChatStream } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { type Lease, LEASE_STORE, type LeaseStore } from '../src/concurrency-limits/lease-store';
import { TEST_REDIS_URL } from './support/test-database';

/**
 * Per-user concurrency caps (backend/src/concurrency-limits/): heavy requests per kind and open
 * event streams, counted in PostgreSQL (no REDIS_URL) or Redis, freed when requests end or their
 * clients leave, and by expiry when the process holding them is gone.
 */
const ANALYZE = '/api/enhancements/language-tool/analyze';
const STREAMS = 3;

/**
 * An OpenAI-compatible chat-completions server whose answers wait for `release()`: the requests
 * that reach the model stay running (holding their slots) as long as the test wants.
 */
interface GatedModel extends LoopbackServer {
  baseUrl: string;
  /** Requests received so far. */
  received: number;
  /** Answers every waiting request and the ones to come. */
  release(): void;
  /** New requests wait again. */
  hold(): void;
}

function completionChunk(delta: Record<string, unknown>, finish: string | null): string {
  const chunk = {
    id: 'chatcmpl-gated',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gated-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

async function startGatedModel(): Promise<GatedModel> {
  const waiting: ServerResponse[] = [];
  let open = false;
  let received = 0;
  const answer = (res: ServerResponse) => {
    if (res.destroyed) return;
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.end(
      completionChunk({ role: 'assistant', content: 'Plant after the first rains.' }, null) +
        completionChunk({}, 'stop') +
        'data: [DONE]\n\n',
    );
  };
  const server = await startLoopbackServer(async (req, res) => {
    for await (const _chunk of req);
    received++;
    if (open) answer(res);
    else waiting.push(res);
  });
  return {
    ...server,
    baseUrl: `${server.origin}/v1`,
    get received() {
      return received;
    },
    release: () => {
      open = true;
      for (const res of waiting.splice(0)) answer(res);
    },
    hold: () => {
      open = false;
    },
  };
}

/** A multipart upload whose body stops halfway (a slow phone): the request stays in the handler. */
function startSlowUpload(base: string, who: AuthResponse): ClientRequest {
  const boundary = 'kasa-slow-upload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const upload = httpRequest(`${base}/api/enhancements/upload`, {
    method: 'POST',
    headers: {
      ...bearer(who),
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + 100_000),
    },
  });
  upload.on('error', () => undefined);
  upload.write(head);
  upload.write('Maize needs rain. '.repeat(50));
  return upload;
}

describe.each<QueueBackend>(['postgres', 'redis'])('per-user concurrency caps, counted on %s', (queue) => {
  let ctx: TestApp;
  let model: GatedModel;
  let base: string;
  let redis: Redis | null = null;
  /** One connection for the test's own reads and writes (the database is shared with other suites). */
  let db: Client;
  const sql = async <T>(query: string, params: unknown[]) => (await db.query(query, params)).rows as T[];
  const http = () => request(base);
  const analyze = (who: AuthResponse, text = 'Je vais au marché de Bamenda demain.') =>
    http().post(ANALYZE).set(bearer(who)).send({ text });

  /** Slots of `kind` held by live leases, read from the store itself. */
  async function liveLeases(who: AuthResponse, kind: string): Promise<number> {
    if (redis)
      return redis.zcount(
        `${ctx.config.queuePrefix}:concurrency:${who.user.id}:${kind}`,
        `(${Date.now()}`,
        '+inf',
      );
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM concurrency_leases WHERE user_id = $1 AND kind = $2 AND expires_at > now()`,
      [who.user.id, kind],
    );
    return Number(n);
  }

  /** Leases another API process took (live) or left behind when it died (expired). */
  async function foreignLeases(who: AuthResponse, kind: string, count: number, expiresInMs: number) {
    if (redis) {
      const key = `${ctx.config.queuePrefix}:concurrency:${who.user.id}:${kind}`;
      await redis.del(key);
      for (let i = 0; i < count; i++) await redis.zadd(key, Date.now() + expiresInMs, `other-process-${i}`);
      await redis.pexpire(key, 60_000);
      return;
    }
    await sql(`DELETE FROM concurrency_leases WHERE user_id = $1 AND kind = $2`, [who.user.id, kind]);
    for (let slot = 0; slot < count; slot++)
      await sql(
        `INSERT INTO concurrency_leases (user_id, kind, slot, lease_id, expires_at)
         VALUES ($1, $2, $3, gen_random_uuid(), now() + $4 * interval '1 millisecond')`,
        [who.user.id, kind, slot, expiresInMs],
      );
  }

  const messagesUsed = async (who: AuthResponse) =>
    Number(
      (
        await sql<{ used: number }>(
          `SELECT coalesce(sum(used), 0) AS used FROM usage_counters WHERE user_id = $1 AND feature = 'messagesPerMonth'`,
          [who.user.id],
        )
      )[0].used,
    );

  const expectTooMany = (body: { code?: string; message?: string }, words: RegExp) => {
    expect(body.code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
    expect(body.message).toMatch(words);
  };

  beforeAll(async () => {
    model = await startGatedModel();
    ctx = await createTestApp(`concurrency_${queue}`, {
      queue,
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        OPENAI_BASE_URL: model.baseUrl,
        OPENAI_API_KEY: 'sk-test',
        CHAT_MODEL: 'gated-model',
        CONCURRENT_STREAMS_PER_USER: String(STREAMS),
      },
    });
    base = await listen(ctx.app);
    db = new Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    if (queue === 'redis') redis = new Redis(TEST_REDIS_URL);
  });
  afterEach(() => model.release());
  afterAll(async () => {
    redis?.disconnect();
    await db?.end();
    await ctx?.close();
    await model?.close();
  });

  it('refuses a third language-tool analysis running at once for one user (429), not another user’s; slots free when they end', async () => {
    const alice = await registerUser(ctx.app, { prefix: 'conc' });
    const bob = await registerUser(ctx.app, { prefix: 'conc' });
    model.hold();
    const before = model.received;
    const running = [analyze(alice).then((r) => r), analyze(alice).then((r) => r)];
    await eventually(async () => (model.received >= before + 2 ? true : undefined));

    const third = await analyze(alice).expect(429);
    expectTooMany(third.body, /at most 2 of this kind/);
    expect(model.received).toBe(before + 2);

    // Bob has slots of his own: his analysis reaches the model.
    const bobs = analyze(bob).then((r) => r);
    await eventually(async () => (model.received >= before + 3 ? true : undefined));

    model.release();
    for (const answer of [...(await Promise.all(running)), await bobs]) expect(answer.status).toBe(200);
    expect(await liveLeases(alice, 'language-analysis')).toBe(0);
    // Answered means freed: two more at once go through.
    const again = await Promise.all([analyze(alice), analyze(alice)]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    // Seven analyses, each a few seconds of eSpeak NG and franc on a 2-core machine.
  }, 180_000);

  it('a burst of requests for slots at once: never more than the cap per user, each slot once, all freed by their releases', async () => {
    const store = ctx.app.get<LeaseStore>(LEASE_STORE);
    const users = await Promise.all([0, 1, 2].map(() => registerUser(ctx.app, { prefix: 'conc' })));
    const kind = 'burst-check';
    // 30 requests per user arrive together: under load they share statements (PostgreSQL) and race.
    const asked = users.flatMap((who) =>
      Array.from({ length: 30 }, () => store.tryAcquire(who.user.id, kind, 4, 60_000)),
    );
    const leases = (await Promise.all(asked)).filter((lease): lease is Lease => lease !== null);
    for (const who of users) {
      const held = leases.filter((lease) => lease.userId === who.user.id);
      expect(held).toHaveLength(4);
      if (!redis) expect(new Set(held.map((lease) => lease.slot)).size).toBe(4);
      expect(await liveLeases(who, kind)).toBe(4);
    }
    await Promise.all(leases.map((lease) => store.release(lease)));
    for (const who of users) expect(await liveLeases(who, kind)).toBe(0);
  });

  it('counts across processes: live slots another API process holds refuse, those it left when it died do not', async () => {
    const carol = await registerUser(ctx.app, { prefix: 'conc' });
    await foreignLeases(carol, 'language-analysis', 2, 60_000);
    expectTooMany((await analyze(carol).expect(429)).body, /at most 2/);
    await foreignLeases(carol, 'language-analysis', 2, -1_000);
    await analyze(carol).expect(200);
  });

  it(`holds at most ${STREAMS} open chat streams per user, sends and resumes together; nothing charged when refused; a closed connection frees its slot`, async () => {
    const alice = await registerUser(ctx.app, { prefix: 'conc' });
    const bob = await registerUser(ctx.app, { prefix: 'conc' });
    model.hold();
    const streams: ChatStream[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const stream = await openChatStream(base, alice.token, { message: `Question ${i} about maize` });
      expect(stream.status).toBe(200);
      await stream.waitFor((event) => Boolean(event.assistantMessageId));
      streams.push(stream);
    }
    expect(await liveLeases(alice, 'event-streams')).toBe(STREAMS);
    expect(await messagesUsed(alice)).toBe(STREAMS);

    const refused = await openChatStream(base, alice.token, { message: 'One too many' });
    await refused.ended;
    expect(refused.status).toBe(429);
    expectTooMany(JSON.parse(refused.raw), new RegExp(`at most ${STREAMS} can be open`));
    expect(await messagesUsed(alice)).toBe(STREAMS);
    // Resuming a reply is a stream too.
    const replyId = streams[0].events[0].assistantMessageId!;
    const resume = await http().get(`/api/chat/messages/${replyId}/stream`).set(bearer(alice)).expect(429);
    expectTooMany(resume.body, /open streams/);

    // Bob is not held back by Alice's streams.
    const bobs = await openChatStream(base, bob.token, { message: 'Mine' });
    expect(bobs.status).toBe(200);

    // Alice's phone drops one connection: its slot comes back (the reply goes on being written).
    streams[0].abort();
    await eventually(async () =>
      (await liveLeases(alice, 'event-streams')) === STREAMS - 1 ? true : undefined,
    );
    const next = await openChatStream(base, alice.token, { message: 'Now there is room' });
    expect(next.status).toBe(200);

    model.release();
    for (const stream of [...streams.slice(1), next, bobs])
      expect((await stream.ended).at(-1)).toMatchObject({ done: true });
    await eventually(async () => ((await liveLeases(alice, 'event-streams')) === 0 ? true : undefined));
  });

  it('frees an upload’s slot when its client goes away mid-body', async () => {
    const dave = await registerUser(ctx.app, { prefix: 'conc' });
    const slow = [startSlowUpload(base, dave), startSlowUpload(base, dave)];
    await eventually(async () => ((await liveLeases(dave, 'upload')) === 2 ? true : undefined));
    const third = await http()
      .post('/api/enhancements/upload')
      .set(bearer(dave))
      .attach('file', Buffer.from('Cassava grows in poor soil.'), {
        filename: 'c.txt',
        contentType: 'text/plain',
      })
      .expect(429);
    expectTooMany(third.body, /at most 2 of this kind \(upload\)/);

    for (const upload of slow) upload.destroy();
    await eventually(async () => ((await liveLeases(dave, 'upload')) === 0 ? true : undefined));
    await http()
      .post('/api/enhancements/upload')
      .set(bearer(dave))
      .attach('file', Buffer.from('Cassava grows in poor soil.'), {
        filename: 'c.txt',
        contentType: 'text/plain',
      })
      .expect(201);
  });
});
