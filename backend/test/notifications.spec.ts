import { randomUUID } from 'node:crypto';
import type { QueueEvents } from 'bullmq';
import request from 'supertest';
import type { AuthResponse, NotificationSettingsResponse, ProductNewsResponse } from '@kasa/contracts';
import { MailService } from '../src/mail/mail.service';
import {
  PRO_ENDING_SCAN_EVERY_MS,
  PRO_ENDING_SCHEDULER_ID,
} from '../src/notifications/jobs/pro-ending-schedule';
import { PRO_ENDING_SCAN_JOB } from '../src/notifications/jobs/notification.job-types';
import { QueueService } from '../src/queue';
import { eventually, listen, openChatStream, sql } from './chat-support';
import { bearer, registerUser } from './support/accounts';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { MANY_SIGN_UPS, setClock } from './support/usage-support';

const ADMIN = 'notify_admin';
const MID_JANUARY = '2031-01-15T12:00:00.000Z';
const JANUARY = '2031-01-01';
const DAY_MS = 24 * 60 * 60 * 1000;
let emails = 0;
const newEmail = () => `notify${Date.now().toString(36)}${emails++}@example.com`;

/** Mails in the local outbox to one address (no SMTP_URL in tests). */
const outbox = (ctx: TestApp, to: string) => ctx.app.get(MailService).listOutbox(to);

/** A paid Pro period as billing stores one. */
async function storePeriod(
  ctx: TestApp,
  userId: string,
  period: { method: 'card' | 'mobile_money'; end: Date; cancelAtPeriodEnd?: boolean },
): Promise<void> {
  await sql(
    ctx.databaseUrl,
    `INSERT INTO subscriptions (user_id, plan, method, provider, provider_ref, status, current_period_end, cancel_at_period_end)
     VALUES ($1, 'PRO_PLAN', $2, 'sandbox', $3, 'active', $4, $5)`,
    [userId, period.method, `notify_${randomUUID()}`, period.end, period.cancelAtPeriodEnd ?? false],
  );
}

describe('notification e-mails', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let admin: AuthResponse;
  let restoreClock: () => void;
  let events: QueueEvents;
  /** Every finished notifications job's result, in order: a skipped mail leaves no other trace. */
  const results: unknown[] = [];
  const http = () => request(ctx.app.getHttpServer());

  const signUp = (email: string | null = newEmail()) => registerUser(ctx.app, { prefix: 'notify', email });
  const settings = async (who: AuthResponse) =>
    (await http().get('/api/account/notifications').set(bearer(who)).expect(200))
      .body as NotificationSettingsResponse;
  const update = (who: AuthResponse, body: unknown) =>
    http()
      .put('/api/account/notifications')
      .set(bearer(who))
      .send(body as object);

  /** Stands the user's messages counter for January at `used`. */
  const setMessagesUsed = (who: AuthResponse, used: number) =>
    sql(
      ctx.databaseUrl,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'messagesPerMonth', $3)
       ON CONFLICT (user_id, period, feature) DO UPDATE SET used = EXCLUDED.used`,
      [who.user.id, JANUARY, used],
    );
  async function chat(who: AuthResponse): Promise<void> {
    const stream = await openChatStream(baseUrl, who.token, { message: 'When should I plant maize?' });
    expect(stream.status).toBe(200);
    await stream.ended;
  }
  /** Waits until a notifications job finished with a result that passes `matches`. */
  const waitForResult = (matches: (result: unknown) => boolean) =>
    eventually(async () => (results.some(matches) ? true : undefined));
  const outcome = (expected: string) => (result: unknown) => result === expected;

  beforeAll(async () => {
    // Redis: its queue events never miss a finish, which the tests of skipped mails wait on.
    ctx = await createTestApp('notifications', {
      queue: 'redis',
      env: { ...MANY_SIGN_UPS, ADMIN_USERNAMES: ADMIN },
    });
    baseUrl = await listen(ctx.app);
    events = await ctx.app.get(QueueService).queueEvents('notifications');
    events.on('completed', ({ returnvalue }) => results.push(returnvalue));
    admin = (
      await http().post('/api/auth/register').send({ username: ADMIN, password: 'secret123' }).expect(201)
    ).body as AuthResponse;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(() => {
    restoreClock = setClock(ctx.app, MID_JANUARY);
  });
  afterEach(() => restoreClock());

  describe('preferences', () => {
    it('has the defaults (usage on, Pro ending on, news off) for a user who never chose, and says whether mail can reach them', async () => {
      const user = await signUp();
      expect(await settings(user)).toEqual({
        preferences: { usageAlerts: true, proEnding: true, productNews: false },
        hasEmail: true,
      });
      const noEmail = await signUp(null);
      expect((await settings(noEmail)).hasEmail).toBe(false);
      await http().get('/api/account/notifications').expect(401);
    });

    it('changes only the switches sent, keeps them, and each user sees their own', async () => {
      const user = await signUp();
      const other = await signUp();
      const answer = await update(user, { productNews: true }).expect(200);
      expect(answer.headers['cache-control']).toMatch(/no-store/);
      expect(answer.body).toEqual({
        preferences: { usageAlerts: true, proEnding: true, productNews: true },
        hasEmail: true,
      });
      await update(user, { usageAlerts: false }).expect(200);
      expect((await settings(user)).preferences).toEqual({
        usageAlerts: false,
        proEnding: true,
        productNews: true,
      });
      // An empty body changes nothing and answers the settings.
      expect((await update(user, {}).expect(200)).body.preferences.usageAlerts).toBe(false);
      expect((await settings(other)).preferences).toEqual({
        usageAlerts: true,
        proEnding: true,
        productNews: false,
      });
      await update(user, { productNews: false }).expect(200);
    });

    it.each([
      [{ usageAlerts: 'yes' }, 'usageAlerts must be true or false'],
      [{ proEnding: 1 }, 'proEnding must be true or false'],
      [{ productNews: null }, 'productNews must be true or false'],
      [{ marketing: true }, 'property marketing should not exist'],
    ])('refuses %j with a 400 and stores nothing', async (body, message) => {
      const user = await signUp();
      const answer = await update(user, body).expect(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
      const [{ n }] = await sql<{ n: number }>(
        ctx.databaseUrl,
        `SELECT count(*)::int AS n FROM notification_preferences WHERE user_id = $1`,
        [user.user.id],
      );
      expect(n).toBe(0);
    });
  });

  describe('usage alerts', () => {
    it('e-mails a Basic user once when their messages pass 80 % of the limit, however often they cross it again', async () => {
      const email = newEmail();
      const user = await signUp(email);
      await setMessagesUsed(user, 38);
      for (let i = 0; i < 3; i++) await chat(user); // 39, 40 (80 % of 50), 41

      const [mail] = await eventually(async () => {
        const mails = await outbox(ctx, email);
        return mails.length ? mails : undefined;
      });
      expect(mail.subject).toBe('Kasa: you have used 80 % of your Messages this month');
      expect(mail.text).toContain('You have used 40 of your 50 Messages this month (80 %).');
      expect(mail.text).toContain('Your usage resets on 1 February 2031.');
      expect(mail.text).toContain('/subscription');

      // Given back under 80 % (a refund) and crossed again: the job runs, the mail is not sent twice.
      await setMessagesUsed(user, 39);
      await chat(user);
      await waitForResult(outcome('duplicate'));
      await chat(user);
      expect(await outbox(ctx, email)).toHaveLength(1);
      const deliveries = await sql<{ topic: string; key: string }>(
        ctx.databaseUrl,
        `SELECT topic, key FROM notification_deliveries WHERE user_id = $1`,
        [user.user.id],
      );
      expect(deliveries).toEqual([{ topic: 'usageAlerts', key: `messagesPerMonth@${JANUARY}` }]);
    });

    it('sends nothing to a user who turned usage alerts off', async () => {
      const email = newEmail();
      const user = await signUp(email);
      await update(user, { usageAlerts: false }).expect(200);
      await setMessagesUsed(user, 39);
      await chat(user);
      await waitForResult(outcome('skipped-preference'));
      expect(await outbox(ctx, email)).toHaveLength(0);
    });

    it('sends nothing to a user without an e-mail', async () => {
      const user = await signUp(null);
      await setMessagesUsed(user, 39);
      await chat(user);
      await waitForResult(outcome('skipped-no-email'));
      const [{ n }] = await sql<{ n: number }>(
        ctx.databaseUrl,
        `SELECT count(*)::int AS n FROM notification_deliveries WHERE user_id = $1`,
        [user.user.id],
      );
      expect(n).toBe(0);
    });
  });

  describe('Pro ending', () => {
    const scan = () =>
      ctx.app.get(QueueService).runJob('notifications.pro-ending-scan', {}, { timeoutMs: 15_000 });
    const now = new Date(MID_JANUARY);
    const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

    it('e-mails once, 3 days ahead, a mobile-money pass or a cancelled card that nothing continues', async () => {
      const pass = { email: newEmail() };
      const cancelled = { email: newEmail() };
      const passUser = await signUp(pass.email);
      const cancelledUser = await signUp(cancelled.email);
      await storePeriod(ctx, passUser.user.id, { method: 'mobile_money', end: inDays(2) });
      await storePeriod(ctx, cancelledUser.user.id, {
        method: 'card',
        end: inDays(1),
        cancelAtPeriodEnd: true,
      });

      expect((await scan()).sent).toBeGreaterThanOrEqual(2);
      const [mail] = await outbox(ctx, pass.email);
      expect(mail.subject).toBe('Kasa Pro ends on 17 January 2031');
      expect(mail.text).toContain('back to the Basic plan');
      expect(mail.text).toContain('buy another 30-day pass: /subscription');
      expect((await outbox(ctx, cancelled.email))[0].subject).toBe('Kasa Pro ends on 16 January 2031');

      expect(await scan()).toEqual({ sent: 0 });
      expect(await outbox(ctx, pass.email)).toHaveLength(1);
      expect(await outbox(ctx, cancelled.email)).toHaveLength(1);
    });

    it('sends nothing for a renewing card, a pass followed by another, a far end, or a user who said no', async () => {
      const renewing = newEmail();
      const stacked = newEmail();
      const far = newEmail();
      const declined = newEmail();
      const renewingUser = await signUp(renewing);
      await storePeriod(ctx, renewingUser.user.id, {
        method: 'card',
        end: inDays(2),
        cancelAtPeriodEnd: false,
      });
      const stackedUser = await signUp(stacked);
      await storePeriod(ctx, stackedUser.user.id, { method: 'mobile_money', end: inDays(2) });
      await storePeriod(ctx, stackedUser.user.id, { method: 'mobile_money', end: inDays(32) });
      const farUser = await signUp(far);
      await storePeriod(ctx, farUser.user.id, { method: 'mobile_money', end: inDays(5) });
      const declinedUser = await signUp(declined);
      await update(declinedUser, { proEnding: false }).expect(200);
      await storePeriod(ctx, declinedUser.user.id, { method: 'mobile_money', end: inDays(2) });

      await scan();
      for (const email of [renewing, stacked, far, declined])
        expect(await outbox(ctx, email)).toHaveLength(0);

      // Three days later the far pass is due: the same scan, run again, now sends it.
      restoreClock();
      restoreClock = setClock(ctx.app, inDays(3).toISOString());
      await scan();
      expect(await outbox(ctx, far)).toHaveLength(1);
    });
  });

  describe('product news', () => {
    const post = (who: AuthResponse, body: unknown) =>
      http()
        .post('/api/account/notifications/product-news')
        .set(bearer(who))
        .send(body as object);

    it('goes only to users who turned it on and have an e-mail, once each', async () => {
      const optedIn = newEmail();
      const notOptedIn = newEmail();
      const optedInUser = await signUp(optedIn);
      await update(optedInUser, { productNews: true }).expect(200);
      await signUp(notOptedIn);
      const noEmail = await signUp(null);
      await update(noEmail, { productNews: true }).expect(200);
      const subject = `Voice in Swahili ${randomUUID()}`;

      const answer = await post(admin, { subject, text: 'Kasa now speaks Swahili.' }).expect(202);
      expect(answer.body as ProductNewsResponse).toEqual({ ok: true, recipients: 1 });
      await waitForResult((result) => {
        const news = result as { newsId?: string; counts?: Record<string, number> } | null;
        return Boolean(news?.newsId) && JSON.stringify(news?.counts) === JSON.stringify({ sent: 1 });
      });

      const [mail] = await outbox(ctx, optedIn);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain('Kasa now speaks Swahili.');
      expect(mail.text).toContain('/account');
      expect(await outbox(ctx, notOptedIn)).toHaveLength(0);
    });

    it('is for administrators only, and checks its body', async () => {
      const user = await signUp();
      const refused = await post(user, { subject: 'Hi', text: 'Hello' }).expect(403);
      expect(refused.body).toMatchObject({ code: 'AUTH_ADMIN_ONLY' });
      await http()
        .post('/api/account/notifications/product-news')
        .send({ subject: 'Hi', text: 'Hi' })
        .expect(401);

      for (const body of [
        { subject: '', text: 'Hello' },
        { subject: '   ', text: 'Hello' },
        { subject: 'x'.repeat(201), text: 'Hello' },
        { subject: 'Line one\nBcc: everyone@example.com', text: 'Hello' },
        { subject: 'Hi', text: '' },
        { subject: 'Hi', text: 'x'.repeat(20_001) },
        { subject: 'Hi' },
        { subject: 'Hi', text: 'Hello', to: 'all' },
        { subject: 42, text: 'Hello' },
      ])
        expect((await post(admin, body).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});

describe.each<QueueBackend>(['postgres', 'redis'])(
  'the hourly Pro-ending scan with the queue on %s',
  (backend) => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp(`notifications_schedule_${backend}`, { queue: backend });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('is one BullMQ job scheduler, every hour, whose jobs run the scan', async () => {
      const queue = ctx.app.get(QueueService).queue('notifications');
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: PRO_ENDING_SCHEDULER_ID, every: PRO_ENDING_SCAN_EVERY_MS }),
      ]);
      // The next run waits as a delayed job.
      await eventually(async () =>
        (await queue.getDelayed()).some((job) => job.name === PRO_ENDING_SCAN_JOB) ? true : undefined,
      );

      // A scheduler's jobs reach the scan on this backend: a fast one, for a Pro period ending tomorrow.
      const email = newEmail();
      const user = await registerUser(ctx.app, { prefix: 'notify', email });
      await storePeriod(ctx, user.user.id, { method: 'mobile_money', end: new Date(Date.now() + DAY_MS) });
      await queue.upsertJobScheduler(
        'test-fast-scan',
        { every: 500 },
        { name: PRO_ENDING_SCAN_JOB, data: {}, opts: { removeOnComplete: true } },
      );
      try {
        const [mail] = await eventually(async () => {
          const mails = await outbox(ctx, email);
          return mails.length ? mails : undefined;
        });
        expect(mail.subject).toMatch(/^Kasa Pro ends on /);
      } finally {
        await queue.removeJobScheduler('test-fast-scan');
      }
      // Many runs, one mail.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await outbox(ctx, email)).toHaveLength(1);
    });
  },
);
