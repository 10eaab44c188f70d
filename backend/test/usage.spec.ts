import request from 'supertest';
import type { AuthResponse, PlanLimits, SubscriptionStatus, UsageLimitErrorBody } from '@kasa/contracts';
import { UsageLimitExceededException, UsageService } from '../src/usage';
import { listen, openChatStream, sql } from './chat-support';
import { createTestApp, type TestApp } from './support/test-app';
import { bearer, registerUser } from './support/accounts';
import { MANY_SIGN_UPS, setClock, storeProPeriod, usedIn } from './support/usage-support';

// The plan table (docs/product.md#plans-and-limits), as the migration must have seeded it (voice in seconds, -1 unlimited).
const BASIC: PlanLimits = {
  name: 'Basic',
  price: 0,
  priceXaf: 0,
  messagesPerMonth: 50,
  mediaGenerationsPerMonth: 5,
  voiceMinutesPerMonth: 600,
  audioUploadsPerMonth: 5,
  webSearchesPerMonth: 20,
};
const PRO: PlanLimits = {
  name: 'Pro',
  price: 4,
  priceXaf: 2500,
  messagesPerMonth: 2000,
  mediaGenerationsPerMonth: 200,
  voiceMinutesPerMonth: 18000,
  audioUploadsPerMonth: 500,
  webSearchesPerMonth: -1,
};

const MID_JANUARY = '2031-01-15T12:00:00.000Z';
const JANUARY = '2031-01-01';
const FEBRUARY = '2031-02-01';

const limitBody = (body: Omit<UsageLimitErrorBody, 'error' | 'code'>): UsageLimitErrorBody => ({
  error: 'Usage limit exceeded',
  ...body,
  code: 'USAGE_LIMIT_EXCEEDED',
});

describe('usage quotas', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let usage: UsageService;
  let restoreClock: () => void;
  const http = () => request(ctx.app.getHttpServer());
  const moveClock = (iso: string) => {
    restoreClock();
    restoreClock = setClock(ctx.app, iso);
  };

  async function status(who: AuthResponse): Promise<SubscriptionStatus> {
    const response = await http().get('/api/subscription/status').set(bearer(who)).expect(200);
    return response.body as SubscriptionStatus;
  }

  /**
   * A whole chat send through the real app (the offline advisor answers). Questions the pricing
   * page answers: a reply that finds nothing costs no message (chat-offline.spec.ts).
   */
  async function chat(who: AuthResponse, message: string) {
    const stream = await openChatStream(baseUrl, who.token, { message });
    expect(stream.status).toBe(200);
    return stream.ended;
  }

  const refusal = (reserving: Promise<unknown>) =>
    reserving.then(
      () => {
        throw new Error('the reservation was accepted');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(UsageLimitExceededException);
        expect((error as UsageLimitExceededException).getStatus()).toBe(429);
        return (error as UsageLimitExceededException).getResponse();
      },
    );

  beforeAll(async () => {
    // 200 sends at once from one user: far over the per-user stream cap, which is not tested here.
    ctx = await createTestApp('usage', { env: { ...MANY_SIGN_UPS, CONCURRENT_STREAMS_PER_USER: '1000' } });
    baseUrl = await listen(ctx.app);
    usage = ctx.app.get(UsageService);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(() => {
    restoreClock = setClock(ctx.app, MID_JANUARY);
  });
  afterEach(() => restoreClock());

  it('lets exactly 50 of 200 concurrent chat sends through on Basic; the other 150 get the exact 429 body and store nothing', async () => {
    const user = await registerUser(ctx.app);
    const streams = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        openChatStream(baseUrl, user.token, { message: `Question ${i}: how much does Pro cost?` }),
      ),
    );
    const accepted = streams.filter((stream) => stream.status === 200);
    const refused = streams.filter((stream) => stream.status !== 200);
    expect([accepted.length, refused.length]).toEqual([50, 150]);

    for (const stream of accepted) expect((await stream.ended).at(-1)).toMatchObject({ done: true });
    for (const stream of refused) {
      await stream.ended;
      expect(stream.status).toBe(429);
      expect(stream.headers['content-type']).toMatch(/^application\/json/);
      // Mid-January to 1 February 00:00 UTC, when the counters start again.
      expect(stream.headers['retry-after']).toBe(String(16.5 * 86_400));
      expect(JSON.parse(stream.raw)).toEqual(
        limitBody({ feature: 'messagesPerMonth', current: 50, limit: 50, upgradeRequired: true }),
      );
    }
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'messagesPerMonth', JANUARY)).toBe(50);
    const [{ n }] = await sql<{ n: string }>(
      ctx.databaseUrl,
      `SELECT count(*) AS n FROM chat_messages WHERE user_id = $1 AND role = 'user'`,
      [user.user.id],
    );
    expect(Number(n)).toBe(50);
  });

  it('lets exactly 50 of 200 concurrent reservations through UsageService.reserve', async () => {
    const user = await registerUser(ctx.app);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => usage.reserve(user.user.id, 'messagesPerMonth')),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(UsageLimitExceededException);
      expect((reason as UsageLimitExceededException).getResponse()).toEqual(
        limitBody({ feature: 'messagesPerMonth', current: 50, limit: 50, upgradeRequired: true }),
      );
    }
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'messagesPerMonth', JANUARY)).toBe(50);
  });

  it('refuses an amount larger than what is left whole, first use included, and takes nothing', async () => {
    const user = await registerUser(ctx.app);
    expect(await refusal(usage.reserve(user.user.id, 'voiceMinutesPerMonth', 601))).toEqual(
      limitBody({ feature: 'voiceMinutesPerMonth', current: 0, limit: 600, upgradeRequired: true }),
    );
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'voiceMinutesPerMonth', JANUARY)).toBe(0);
    await usage.reserve(user.user.id, 'voiceMinutesPerMonth', 590);
    expect(await refusal(usage.reserve(user.user.id, 'voiceMinutesPerMonth', 11))).toEqual(
      limitBody({ feature: 'voiceMinutesPerMonth', current: 590, limit: 600, upgradeRequired: true }),
    );
    await usage.reserve(user.user.id, 'voiceMinutesPerMonth', 10);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'voiceMinutesPerMonth', JANUARY)).toBe(600);
  });

  it('refunds once, never below zero, to the reservation it was', async () => {
    const user = await registerUser(ctx.app);
    const first = await usage.reserve(user.user.id, 'audioUploadsPerMonth', 2);
    const second = await usage.reserve(user.user.id, 'audioUploadsPerMonth', 3);
    await Promise.all([first.refund(), usage.refund(first), first.refund()]);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'audioUploadsPerMonth', JANUARY)).toBe(3);
    // Someone reset the counter meanwhile (by hand): a late refund stops at zero.
    await sql(ctx.databaseUrl, `UPDATE usage_counters SET used = 1 WHERE user_id = $1`, [user.user.id]);
    await second.refund();
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'audioUploadsPerMonth', JANUARY)).toBe(0);
  });

  it('gives the message back when the send is refused with a 404 (not your conversation)', async () => {
    const user = await registerUser(ctx.app);
    await chat(user, 'How much does Pro cost?');
    await http()
      .post('/api/chat')
      .set(bearer(user))
      .send({ message: 'Hello?', conversationId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'messagesPerMonth', JANUARY)).toBe(1);
  });

  it('rolls over on the 1st of the month (UTC): allowed again, and a late refund goes to the month it came from', async () => {
    moveClock('2031-01-31T23:59:59.000Z');
    const user = await registerUser(ctx.app);
    await usage.reserve(user.user.id, 'mediaGenerationsPerMonth', 4);
    const lastOfJanuary = await usage.reserve(user.user.id, 'mediaGenerationsPerMonth');
    await refusal(usage.reserve(user.user.id, 'mediaGenerationsPerMonth'));
    await usage.reserve(user.user.id, 'messagesPerMonth', 50);
    const refused = await openChatStream(baseUrl, user.token, { message: 'One more question' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');

    moveClock('2031-02-01T00:00:00.000Z');
    await usage.reserve(user.user.id, 'mediaGenerationsPerMonth');
    await chat(user, 'A new month: how much does Pro cost?');
    await lastOfJanuary.refund();

    const counters = await sql<{ period: string; feature: string; used: number }>(
      ctx.databaseUrl,
      `SELECT to_char(period, 'YYYY-MM-DD') AS period, feature, used FROM usage_counters
       WHERE user_id = $1 ORDER BY period, feature`,
      [user.user.id],
    );
    expect(counters).toEqual([
      { period: JANUARY, feature: 'mediaGenerationsPerMonth', used: 4 },
      { period: JANUARY, feature: 'messagesPerMonth', used: 50 },
      { period: FEBRUARY, feature: 'mediaGenerationsPerMonth', used: 1 },
      { period: FEBRUARY, feature: 'messagesPerMonth', used: 1 },
    ]);
    const february = await status(user);
    expect(february.usage.current).toMatchObject({ messages: 1, mediaGenerations: 1 });
    expect(february.usageResetsAt).toBe('2031-03-01T00:00:00.000Z');
  });

  it('never refuses an unlimited feature (Pro web searches), and still counts it', async () => {
    const user = await registerUser(ctx.app);
    await storeProPeriod(ctx.databaseUrl, user.user.id, new Date('2031-02-15T00:00:00Z'));
    await Promise.all(Array.from({ length: 30 }, () => usage.reserve(user.user.id, 'webSearchesPerMonth')));
    await usage.reserve(user.user.id, 'webSearchesPerMonth', 100_000);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'webSearchesPerMonth', JANUARY)).toBe(100_030);
    const { usage: block } = await status(user);
    expect([
      block.current.webSearches,
      block.limits.webSearchesPerMonth,
      block.percentages.webSearches,
    ]).toEqual([100_030, -1, 0]);
  });

  it('gives a Pro user the Pro limits with upgradeRequired false; Pro ends with its period (the clock)', async () => {
    const user = await registerUser(ctx.app);
    await storeProPeriod(ctx.databaseUrl, user.user.id, new Date('2031-01-20T00:00:00Z'));
    await usage.reserve(user.user.id, 'mediaGenerationsPerMonth', 200);
    expect(await refusal(usage.reserve(user.user.id, 'mediaGenerationsPerMonth'))).toEqual(
      limitBody({ feature: 'mediaGenerationsPerMonth', current: 200, limit: 200, upgradeRequired: false }),
    );
    const pro = await status(user);
    expect(pro.plan).toBe('PRO_PLAN');
    expect(pro.usage.limits).toEqual({
      messagesPerMonth: 2000,
      mediaGenerationsPerMonth: 200,
      voiceMinutesPerMonth: 18000,
      audioUploadsPerMonth: 500,
      webSearchesPerMonth: -1,
    });
    expect(pro.subscription).toEqual({
      method: 'card',
      provider: 'sandbox',
      currentPeriodEnd: '2031-01-20T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      cancellable: true,
    });

    // The period is over: Basic again, over its limit with what was used as Pro.
    moveClock('2031-01-20T00:00:01.000Z');
    expect(await refusal(usage.reserve(user.user.id, 'mediaGenerationsPerMonth'))).toEqual(
      limitBody({ feature: 'mediaGenerationsPerMonth', current: 200, limit: 5, upgradeRequired: true }),
    );
    const basic = await status(user);
    expect(basic).toMatchObject({ plan: 'BASIC_PLAN', subscription: null });
    expect(basic.usage.percentages.mediaGenerations).toBe(4000);
  });

  it('treats a user whose Pro period ended before now as Basic', async () => {
    const user = await registerUser(ctx.app);
    await storeProPeriod(ctx.databaseUrl, user.user.id, new Date('2031-01-10T00:00:00Z'));
    await usage.reserve(user.user.id, 'audioUploadsPerMonth', 5);
    expect(await refusal(usage.reserve(user.user.id, 'audioUploadsPerMonth'))).toEqual(
      limitBody({ feature: 'audioUploadsPerMonth', current: 5, limit: 5, upgradeRequired: true }),
    );
    expect(await status(user)).toMatchObject({ plan: 'BASIC_PLAN', subscription: null });
  });

  it("answers GET /api/subscription/status with the plan, both plans' limits and this month's usage", async () => {
    const user = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await chat(user, 'How much does Pro cost?');
    await chat(user, 'Can I pay with Orange Money?');
    await usage.reserve(user.user.id, 'voiceMinutesPerMonth', 90);
    await usage.reserve(user.user.id, 'audioUploadsPerMonth', 4);
    await usage.reserve(user.user.id, 'webSearchesPerMonth', 20);
    await usage.reserve(other.user.id, 'mediaGenerationsPerMonth', 3);

    const response = await http().get('/api/subscription/status').set(bearer(user)).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      plan: 'BASIC_PLAN',
      planLimits: { BASIC_PLAN: BASIC, PRO_PLAN: PRO },
      usage: {
        current: { messages: 2, mediaGenerations: 0, voiceMinutes: 90, audioUploads: 4, webSearches: 20 },
        limits: {
          messagesPerMonth: 50,
          mediaGenerationsPerMonth: 5,
          voiceMinutesPerMonth: 600,
          audioUploadsPerMonth: 5,
          webSearchesPerMonth: 20,
        },
        percentages: {
          messages: 4,
          mediaGenerations: 0,
          voiceMinutes: 15,
          audioUploads: 80,
          webSearches: 100,
        },
      },
      subscription: null,
      usageResetsAt: '2031-02-01T00:00:00.000Z',
    });
    expect((await status(other)).usage.current).toEqual({
      messages: 0,
      mediaGenerations: 3,
      voiceMinutes: 0,
      audioUploads: 0,
      webSearches: 0,
    });
  });

  it('needs a signed-in user for the status', async () => {
    await http().get('/api/subscription/status').expect(401);
    await http().get('/api/subscription/status').set('Authorization', 'Bearer nonsense').expect(401);
  });

  it('serves the plan table publicly, cacheable for 5 minutes', async () => {
    const response = await http().get('/api/subscription/plans').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toEqual({
      plans: [
        { id: 'BASIC_PLAN', ...BASIC },
        { id: 'PRO_PLAN', ...PRO },
      ],
    });
  });
});
