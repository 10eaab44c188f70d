import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import request from 'supertest';
import type {
  AccountExportResponse,
  AccountExportView,
  AuthResponse,
  MediaGenerationResult,
  UploadRecord,
} from '@kasa/contracts';
import { AccountExportJobHandler } from '../src/account/export/jobs/account-export.job';
import { CLOCK, type Clock } from '../src/common/clock';
import { FILE_STORAGE, type FileStorage } from '../src/files';
import { newStorageKey } from '../src/files/storage/storage-key';
import { eventually, sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { encodePng } from './support/png';

/** What one user's data is made of, and the ids that must appear in their ZIP only. */
interface Seeded {
  user: AuthResponse;
  marker: string;
  cookieSessionId: string;
  conversationIds: string[];
  uploadBytes: Buffer;
  uploadFileId: string;
  canvasPng: Buffer;
  imageBytes: Buffer;
  missingFileId: string;
  paymentRef: string;
}

const binary = (response: request.Response) => response.body as Buffer;
const asBuffer = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each<QueueBackend>(['postgres', 'redis'])('account export with the queue on %s', (queue) => {
  let ctx: TestApp;
  let alice: Seeded;
  let bob: Seeded;
  const http = () => request(ctx.app.getHttpServer());
  const startExport = (who: AuthResponse, body: object = {}) =>
    http().post('/api/account/export').set(bearer(who)).send(body);
  const view = (who: AuthResponse, id: string) => http().get(`/api/account/export/${id}`).set(bearer(who));

  /** Polls the export until it is completed, returning every progress value seen. */
  async function completed(
    who: AuthResponse,
    id: string,
  ): Promise<{ done: AccountExportView; seen: number[] }> {
    const seen: number[] = [];
    const done = await eventually(
      async () => {
        const current = (await view(who, id).expect(200)).body as AccountExportView;
        seen.push(current.progress);
        if (current.status === 'failed') throw new Error(`export failed: ${JSON.stringify(current.error)}`);
        return current.status === 'completed' ? current : undefined;
      },
      30_000,
      50,
    );
    return { done, seen };
  }

  async function chat(who: AuthResponse, body: object): Promise<string> {
    const sent = await http().post('/api/chat').set(bearer(who)).send(body);
    if (sent.status !== 200) throw new Error(`chat ${sent.status}: ${sent.text}`);
    return /"conversationId":"([^"]+)"/.exec(sent.text)![1];
  }

  /** A user with two conversations, an upload attached to a message, an image, a canvas, a payment. */
  async function seed(prefix: string, seedByte: number): Promise<Seeded> {
    const marker = `MARKER-${prefix}-${randomUUID()}`;
    const user = await registerUser(ctx.app, { prefix, email: `${prefix}-${Date.now()}@example.com` });
    const first = await chat(user, { message: `Hello about maize ${marker}` });
    const uploadBytes = Buffer.from(`Field notes of ${marker}\nMaize planted in rows of 75 cm.\n`);
    const uploaded = (
      await http()
        .post('/api/enhancements/upload')
        .set(bearer(user))
        .attach('file', uploadBytes, { filename: `notes ${prefix}.txt`, contentType: 'text/plain' })
        .expect(201)
    ).body as UploadRecord;
    await chat(user, {
      conversationId: first,
      message: `Please read my notes ${marker}`,
      attachments: [{ type: 'upload', id: uploaded.id }],
    });
    const second = await chat(user, { message: `Second chat ${marker}` });
    const image = (
      await http()
        .post('/api/media/generate')
        .set(bearer(user))
        .send({ prompt: `A baobab ${marker}`, type: 'image', conversationId: second })
        .expect(200)
    ).body as MediaGenerationResult;
    const imageBytes = binary(await asBuffer(http().get(image.url)).expect(200));
    const canvasPng = encodePng(200, 200, { fill: seedByte & 0xff });
    await http()
      .post('/api/enhancements/canvas/save')
      .set(bearer(user))
      .send({
        title: `Field map ${prefix}`,
        canvasData: {
          width: 200,
          height: 200,
          dataURL: `data:image/png;base64,${canvasPng.toString('base64')}`,
          version: '1.0',
        },
      })
      .expect(200);
    const paymentRef = `pi_${marker}`;
    await sql(
      ctx.databaseUrl,
      `INSERT INTO payment_records (user_id, method, provider, provider_ref, amount_minor, currency, status,
         period_start, period_end, paid_at)
       VALUES ($1, 'card', 'stripe', $2, 400, 'USD', 'paid', '2025-03-01T00:00:00Z', '2025-03-31T00:00:00Z',
         '2025-03-01T00:00:00Z')`,
      [user.user.id, paymentRef],
    );
    const cookieSessionId = randomUUID();
    await http()
      .post('/api/legal/cookie-preferences')
      .send({
        sessionId: cookieSessionId,
        necessary: true,
        analytics: true,
        marketing: false,
        preferences: true,
      })
      .expect(200);
    // A file whose bytes are gone: listed as missing, never a failed export.
    const [missing] = await sql<{ id: string }>(
      ctx.databaseUrl,
      `INSERT INTO files (user_id, kind, storage_key, content_type, size, original_name)
       VALUES ($1, 'recording', $2, 'audio/webm', 1234, $3) RETURNING id`,
      [user.user.id, newStorageKey(), `lost ${marker}.webm`],
    );
    const [upload] = await sql<{ file_id: string }>(
      ctx.databaseUrl,
      'SELECT file_id FROM uploads WHERE id = $1',
      [uploaded.id],
    );
    return {
      user,
      marker,
      cookieSessionId,
      conversationIds: [first, second],
      uploadBytes,
      uploadFileId: upload.file_id,
      canvasPng,
      imageBytes,
      missingFileId: missing.id,
      paymentRef,
    };
  }

  async function downloadZip(url: string): Promise<{ response: request.Response; zip: JSZip }> {
    const response = await asBuffer(http().get(url)).expect(200);
    return { response, zip: await JSZip.loadAsync(binary(response)) };
  }

  beforeAll(async () => {
    ctx = await createTestApp(`account_export_${queue}`, {
      queue,
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    alice = await seed('expa', 1);
    bob = await seed('expb', 2);
  }, 60_000);
  afterAll(() => ctx?.close());

  it("exports exactly the user's data: account.json, conversations, files, and nothing of anyone else", async () => {
    const started = await startExport(alice.user, { cookieSessionId: alice.cookieSessionId }).expect(202);
    const body = started.body as AccountExportResponse;
    expect(body.reused).toBe(false);
    expect(['queued', 'running', 'completed']).toContain(body.export.status);
    expect(started.headers['cache-control']).toContain('no-store');

    const { done, seen } = await completed(alice.user, body.export.id);
    expect(seen.every((value, index) => index === 0 || value >= seen[index - 1])).toBe(true);
    expect(done).toMatchObject({ id: body.export.id, status: 'completed', progress: 100, error: null });
    expect(done.sizeBytes).toBeGreaterThan(0);
    expect(new Date(done.expiresAt!).getTime() - new Date(done.completedAt!).getTime()).toBe(
      ctx.config.account.exportTtlSeconds * 1000,
    );
    expect(done.downloadUrl).toMatch(
      new RegExp(
        `^/api/account/export/${done.id}/download\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}&issued=\\d+$`,
      ),
    );

    // No bearer token: the signature is the permission.
    const { response, zip } = await downloadZip(done.downloadUrl!);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const today = done.completedAt!.slice(0, 10);
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="kasa-export-${alice.user.user.username.toLowerCase().replace(/_/g, '-')}-${today}.zip"`,
    );
    expect(Number(response.headers['content-length'])).toBe(done.sizeBytes);

    const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir);
    const conversations = names.filter((name) => name.startsWith('conversations/'));
    expect(conversations).toHaveLength(4);
    expect(conversations.filter((name) => name.endsWith('.md'))).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining(['account.json', 'README.txt']));

    const account = JSON.parse(await zip.file('account.json')!.async('string')) as {
      app: string;
      profile: Record<string, unknown>;
      plan: { current: string; subscription: unknown };
      usage: Array<{ period: string; feature: string; used: number }>;
      payments: Array<Record<string, unknown>>;
      cookiePreferences: Record<string, unknown> | null;
      notificationPreferences: Record<string, boolean>;
      twoFactor: { enabled: boolean };
      files: Array<{ id: string; kind: string; pathInZip: string | null; missing?: boolean; size: number }>;
      conversations: Array<{ id: string; markdown: string; json: string; messages: number }>;
    };
    expect(account.app).toBe('Kasa');
    expect(account.profile).toMatchObject({
      id: alice.user.user.id,
      username: alice.user.user.username,
      email: alice.user.user.email,
    });
    expect(account.plan).toEqual({ current: 'BASIC_PLAN', subscription: null });
    const used = (feature: string) => account.usage.find((row) => row.feature === feature)?.used;
    // The month's counter as stored: a reply that found nothing gave its message back (chat-offline.spec.ts).
    const [counted] = await sql<{ used: number }>(
      ctx.databaseUrl,
      `SELECT coalesce(sum(used), 0)::int AS used FROM usage_counters WHERE user_id = $1 AND feature = 'messagesPerMonth'`,
      [alice.user.user.id],
    );
    expect(used('messagesPerMonth') ?? 0).toBe(counted.used);
    expect(used('mediaGenerationsPerMonth')).toBe(1);
    expect(account.payments).toEqual([
      {
        id: expect.any(String),
        date: '2025-03-01T00:00:00.000Z',
        method: 'card',
        provider: 'stripe',
        amount: 4,
        currency: 'USD',
        status: 'paid',
        periodStart: '2025-03-01T00:00:00.000Z',
        periodEnd: '2025-03-31T00:00:00.000Z',
      },
    ]);
    expect(account.cookiePreferences).toMatchObject({
      sessionId: alice.cookieSessionId,
      necessary: true,
      analytics: true,
      marketing: false,
      preferences: true,
    });
    expect(account.notificationPreferences).toEqual({
      usageAlerts: true,
      proEnding: true,
      productNews: false,
    });
    expect(account.twoFactor).toEqual({ enabled: false });
    expect(account.conversations.map((c) => c.id).sort()).toEqual([...alice.conversationIds].sort());

    // The files: bytes equal to what was stored, the missing one listed as such.
    expect(account.files.map((file) => file.kind).sort()).toEqual(['canvas', 'image', 'recording', 'upload']);
    const byKind = (kind: string) => account.files.find((file) => file.kind === kind)!;
    expect(byKind('recording')).toMatchObject({ id: alice.missingFileId, pathInZip: null, missing: true });
    expect(byKind('upload').pathInZip).toBe(`files/upload/${alice.uploadFileId.slice(0, 8)}-notes expa.txt`);
    expect(byKind('canvas').pathInZip).toMatch(/^files\/canvas\/[0-9a-f]{8}-Field map expa\.png$/);
    expect(byKind('image').pathInZip).toMatch(/^files\/image\/[0-9a-f]{8}-[^/]+\.png$/);
    const bytesOf = async (path: string | null) => Buffer.from(await zip.file(path!)!.async('uint8array'));
    expect((await bytesOf(byKind('upload').pathInZip)).equals(alice.uploadBytes)).toBe(true);
    expect((await bytesOf(byKind('canvas').pathInZip)).equals(alice.canvasPng)).toBe(true);
    expect((await bytesOf(byKind('image').pathInZip)).equals(alice.imageBytes)).toBe(true);

    // The conversation with the upload: all messages in order, the attachment linked into files/.
    const withUpload = account.conversations.find((c) => c.id === alice.conversationIds[0])!;
    expect(withUpload.messages).toBe(4);
    const markdown = await zip.file(withUpload.markdown)!.async('string');
    expect(markdown.indexOf(`Hello about maize ${alice.marker}`)).toBeLessThan(
      markdown.indexOf(`Please read my notes ${alice.marker}`),
    );
    expect(markdown).toContain(`(../files/upload/${alice.uploadFileId.slice(0, 8)}-notes%20expa.txt)`);
    const conversation = JSON.parse(await zip.file(withUpload.json)!.async('string')) as {
      id: string;
      messages: Array<{ role: string; content: string; attachments: Array<{ path: string | null }> }>;
    };
    expect(conversation.id).toBe(alice.conversationIds[0]);
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation.messages[2].attachments).toEqual([
      expect.objectContaining({ path: byKind('upload').pathInZip, name: 'notes expa.txt' }),
    ]);
    const withImage = account.conversations.find((c) => c.id === alice.conversationIds[1])!;
    expect(await zip.file(withImage.markdown)!.async('string')).toContain(
      `![Image](../${byKind('image').pathInZip})`,
    );
    expect(await zip.file('README.txt')!.async('string')).toContain('account.json');

    // Nothing of Bob's, in any entry, by any of his ids or his marker.
    const bobs = [
      bob.marker,
      bob.user.user.id,
      bob.user.user.username,
      bob.cookieSessionId,
      bob.uploadFileId,
      bob.missingFileId,
      bob.paymentRef,
      ...bob.conversationIds,
    ];
    const bobFileIds = (
      await sql<{ id: string }>(ctx.databaseUrl, 'SELECT id FROM files WHERE user_id = $1', [
        bob.user.user.id,
      ])
    ).map((row) => row.id);
    for (const name of names) {
      const text = Buffer.from(await zip.file(name)!.async('uint8array')).toString('latin1');
      for (const secret of [...bobs, ...bobFileIds, ...bobFileIds.map((id) => id.slice(0, 8))]) {
        expect({ name, found: text.includes(secret) || name.includes(secret) }).toEqual({
          name,
          found: false,
        });
      }
    }
  });

  it('reuses the export within a minute, and makes one job for simultaneous requests', async () => {
    const first = (await startExport(bob.user, { cookieSessionId: bob.cookieSessionId }).expect(202))
      .body as AccountExportResponse;
    const again = (await startExport(bob.user).expect(200)).body as AccountExportResponse;
    expect(again).toMatchObject({ reused: true, export: { id: first.export.id } });
    const { done } = await completed(bob.user, first.export.id);
    const afterCompletion = (await startExport(bob.user).expect(200)).body as AccountExportResponse;
    expect(afterCompletion).toMatchObject({ reused: true, export: { id: done.id, status: 'completed' } });

    const carol = await registerUser(ctx.app, { prefix: 'expc' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => startExport(carol)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 202]);
    const ids = new Set(answers.map((answer) => (answer.body as AccountExportResponse).export.id));
    expect(ids.size).toBe(1);
    const rows = await sql(ctx.databaseUrl, 'SELECT id FROM account_exports WHERE user_id = $1', [
      carol.user.id,
    ]);
    expect(rows).toHaveLength(1);
    const { done: carolDone } = await completed(carol, [...ids][0]);
    // An account with nothing in it still exports its profile.
    const { zip } = await downloadZip(carolDone.downloadUrl!);
    const account = JSON.parse(await zip.file('account.json')!.async('string')) as {
      files: unknown[];
      conversations: unknown[];
      cookiePreferences: unknown;
    };
    expect(account).toMatchObject({ files: [], conversations: [], cookiePreferences: null });
  });

  it("keeps each export to its owner: another user's id is a 404, a link moved to another id a 403", async () => {
    const aliceLatest = (await http().get('/api/account/export/latest').set(bearer(alice.user)).expect(200))
      .body as AccountExportView;
    const bobLatest = (await http().get('/api/account/export/latest').set(bearer(bob.user)).expect(200))
      .body as AccountExportView;
    expect(aliceLatest.id).not.toBe(bobLatest.id);
    for (const [who, id] of [
      [bob.user, aliceLatest.id],
      [alice.user, bobLatest.id],
    ] as const) {
      const refused = await view(who, id).expect(404);
      expect(refused.body.code).toBe('ACCOUNT_EXPORT_NOT_FOUND');
    }
    const moved = aliceLatest.downloadUrl!.replace(aliceLatest.id, bobLatest.id);
    expect((await http().get(moved).expect(403)).body.code).toBe('FILES_LINK_INVALID');
    const forged = aliceLatest.downloadUrl!.replace(/signature=.{5}/, 'signature=AAAAA');
    expect((await http().get(forged).expect(403)).body.code).toBe('FILES_LINK_INVALID');
    const unknownId = randomUUID();
    expect((await view(alice.user, unknownId).expect(404)).body.code).toBe('ACCOUNT_EXPORT_NOT_FOUND');

    const newcomer = await registerUser(ctx.app, { prefix: 'expn' });
    const none = await http().get('/api/account/export/latest').set(bearer(newcomer)).expect(404);
    expect(none.body.code).toBe('ACCOUNT_EXPORT_NOT_FOUND');
    await http().post('/api/account/export').send({}).expect(401);
    await http().get(`/api/account/export/${aliceLatest.id}`).expect(401);
  });

  it('answers 400 for a bad body, id or link', async () => {
    for (const body of [{ cookieSessionId: 42 }, { cookieSessionId: 'bad id!' }, { other: true }]) {
      const refused = await startExport(alice.user, body).expect(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await view(alice.user, 'not-a-uuid').expect(400)).body.code).toBe('VALIDATION_FAILED');
    const id = randomUUID();
    await http().get(`/api/account/export/${id}/download`).expect(400);
    await http().get(`/api/account/export/${id}/download?expires=abc&signature=x`).expect(400);
  });

  it('ends quietly when the user is deleted before the job runs', async () => {
    const dora = await registerUser(ctx.app, { prefix: 'expd' });
    const [row] = await sql<{ id: string }>(
      ctx.databaseUrl,
      `INSERT INTO account_exports (user_id, status) VALUES ($1, 'queued') RETURNING id`,
      [dora.user.id],
    );
    await sql(ctx.databaseUrl, 'DELETE FROM users WHERE id = $1', [dora.user.id]);
    await expect(ctx.app.get(AccountExportJobHandler).run({ exportId: row.id })).resolves.toEqual({
      status: 'skipped',
    });
  });

  it('expires: the link answers 410, the ZIP is deleted, and a later request sweeps the others', async () => {
    const aliceLatest = (await http().get('/api/account/export/latest').set(bearer(alice.user)).expect(200))
      .body as AccountExportView;
    const bobLatest = (await http().get('/api/account/export/latest').set(bearer(bob.user)).expect(200))
      .body as AccountExportView;
    const keys = await sql<{ id: string; storage_key: string }>(
      ctx.databaseUrl,
      'SELECT id, storage_key FROM account_exports WHERE id = ANY($1)',
      [[aliceLatest.id, bobLatest.id]],
    );
    const storage = ctx.app.get<FileStorage>(FILE_STORAGE);
    const stored = (id: string) => storage.exists(keys.find((row) => row.id === id)!.storage_key);
    expect(await stored(aliceLatest.id)).toBe(true);

    const clock = ctx.app.get<Clock>(CLOCK);
    const real = clock.now;
    const offsetMs = (ctx.config.account.exportTtlSeconds + 60) * 1000;
    clock.now = () => new Date(Date.now() + offsetMs);
    try {
      const gone = await http().get(aliceLatest.downloadUrl!).expect(410);
      expect(gone.body.code).toBe('ACCOUNT_EXPORT_EXPIRED');
      const expired = (await view(alice.user, aliceLatest.id).expect(200)).body as AccountExportView;
      expect(expired).toMatchObject({ status: 'expired', downloadUrl: null });
      expect(await stored(aliceLatest.id)).toBe(false);

      // Bob never looks again: someone else's new export deletes his expired ZIP.
      const erin = await registerUser(ctx.app, { prefix: 'expe' });
      await startExport(erin).expect(202);
      const [bobRow] = await sql<{ status: string; storage_key: string | null }>(
        ctx.databaseUrl,
        'SELECT status, storage_key FROM account_exports WHERE id = $1',
        [bobLatest.id],
      );
      expect(bobRow).toEqual({ status: 'expired', storage_key: null });
      expect(await stored(bobLatest.id)).toBe(false);

      // After the minute of reuse, an expired export is not reused: a new one starts.
      const fresh = (await startExport(alice.user).expect(202)).body as AccountExportResponse;
      expect(fresh.export.id).not.toBe(aliceLatest.id);
    } finally {
      clock.now = real;
    }
  });
});
