import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { CLOCK, type Clock } from '../src/common';
import { FILE_STORAGE, type FileStorage, FilesService } from '../src/files';
import { S3FileStorage } from '../src/files/storage/s3-file-storage';
import { newStorageKey } from '../src/files/storage/storage-key';
import { listen, openChatStream } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeS3Server, filesStorageEnv, startFakeS3 } from './support/fake-s3-server';
import { createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Follows a signed link as <img> would: no Authorization header. */
const follow = (ctx: TestApp, url: string) => request(ctx.app.getHttpServer()).get(url).buffer(true);

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['local', 's3'] as const)('files on %s storage', (storage) => {
  let ctx: TestApp;
  let s3: FakeS3Server | undefined;
  let alice: AuthResponse;
  let files: FilesService;
  let store: FileStorage;

  beforeAll(async () => {
    if (storage === 's3') s3 = await startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' });
    ctx = await createTestApp(`files${storage}`, {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: filesStorageEnv(s3),
    });
    alice = await registerUser(ctx.app, { prefix: 'files' });
    files = ctx.app.get(FilesService);
    store = ctx.app.get<FileStorage>(FILE_STORAGE);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('stores bytes from a buffer or a stream, reads them back, and deletes them', async () => {
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: PNG });
    const speech = await files.store(alice.user.id, {
      kind: 'audio',
      contentType: 'audio/mpeg',
      body: Readable.from([Buffer.from('ID3'), Buffer.from('mp3 frames')]),
    });
    expect(image).toMatchObject({
      userId: alice.user.id,
      kind: 'image',
      size: PNG.length,
      conversationId: null,
    });
    expect(speech.size).toBe('ID3mp3 frames'.length);

    expect(await store.exists(image.storageKey)).toBe(true);
    const read = await store.get(speech.storageKey);
    expect(read?.size).toBe(speech.size);
    expect((await readAll(read!.body)).toString()).toBe('ID3mp3 frames');

    await store.delete(image.storageKey);
    expect(await store.exists(image.storageKey)).toBe(false);
    expect(await store.get(image.storageKey)).toBeNull();
    await expect(store.delete(image.storageKey)).resolves.toBeUndefined();
    if (s3) {
      expect(s3.objects.has(speech.storageKey)).toBe(true);
      expect(s3.objects.get(speech.storageKey)?.contentType).toBe('audio/mpeg');
      expect(s3.requests.every((r) => r.authorization?.includes('Credential=KASATEST/'))).toBe(true);
    }
  });

  it('serves a signed link without a token: content type, nosniff, inline, cached privately until expiry', async () => {
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: PNG });
    const response = await follow(ctx, files.signedUrl(image, { ttlSeconds: 300 })).expect(200);
    expect(Buffer.from(response.body as Buffer)).toEqual(PNG);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="image-[0-9a-f]{8}\.png"/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThan(290);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it('serves a download as an attachment under its original name', async () => {
    const recording = await files.store(alice.user.id, {
      kind: 'recording',
      contentType: 'audio/wav',
      body: Buffer.from('RIFF....WAVE'),
      originalName: 'réunion "lundi".wav',
    });
    const response = await follow(ctx, files.signedUrl(recording, { download: true })).expect(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_union _lundi_.wav"; filename*=UTF-8''r%C3%A9union%20%22lundi%22.wav`,
    );
  });

  it('serves one byte range for audio seeking, and 416 past the end', async () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    const speech = await files.store(alice.user.id, { kind: 'audio', contentType: 'audio/ogg', body: bytes });
    const url = files.signedUrl(speech);

    const whole = await follow(ctx, url).expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await follow(ctx, url).set('Range', 'bytes=10-19').expect(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/100');
    expect(part.headers['content-length']).toBe('10');
    expect(Buffer.from(part.body as Buffer)).toEqual(bytes.subarray(10, 20));
    const tail = await follow(ctx, url).set('Range', 'bytes=-5').expect(206);
    expect(Buffer.from(tail.body as Buffer)).toEqual(bytes.subarray(95));

    const past = await follow(ctx, url).set('Range', 'bytes=100-').expect(416);
    expect(past.body).toMatchObject({ code: 'FILES_RANGE_NOT_SATISFIABLE' });
  });

  it('answers 404 FILES_NOT_FOUND for a file whose bytes are gone', async () => {
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: PNG });
    await store.delete(image.storageKey);
    const response = await follow(ctx, files.signedUrl(image)).expect(404);
    expect(response.body).toMatchObject({ code: 'FILES_NOT_FOUND' });
  });

  it("reads a file for a job by its id and owner: bytes and row, 404 for another owner's or a gone file", async () => {
    const bob = await registerUser(ctx.app, { prefix: 'files' });
    const recording = await files.store(alice.user.id, {
      kind: 'recording',
      contentType: 'audio/wav',
      body: Readable.from([Buffer.from('RIFF'), Buffer.from('....WAVE')]),
    });
    const read = await files.readForJob(alice.user.id, recording.id);
    expect((await readAll(read.object.body)).toString('latin1')).toBe('RIFF....WAVE');
    expect(read.file).toMatchObject({ id: recording.id, contentType: 'audio/wav', kind: 'recording' });
    await expect(files.readForJob(bob.user.id, recording.id)).rejects.toMatchObject({
      response: { code: 'FILES_NOT_FOUND' },
    });
    await store.delete(recording.storageKey);
    await expect(files.readForJob(alice.user.id, recording.id)).rejects.toMatchObject({
      response: { code: 'FILES_NOT_FOUND' },
    });
  });
});

describe('files: the S3 adapter against a refusing server', () => {
  let s3: FakeS3Server;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' });
  });
  afterAll(() => s3.close());

  it('signs with the configured credential scope, and a refused request fails the write', async () => {
    const base = {
      storage: 's3',
      endpoint: s3.endpoint,
      bucket: 'kasa-files',
      region: 'us-east-1',
      accessKeyId: 'KASATEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    } as const;
    for (const [config, s3Code] of [
      [{ ...base, accessKeyId: 'SOMEONEELSE' }, 'AccessDenied'],
      [{ ...base, region: 'eu-west-1' }, 'AccessDenied'],
      [{ ...base, bucket: 'another-bucket' }, 'NoSuchBucket'],
    ] as const) {
      const other = new S3FileStorage(config);
      await expect(other.put(newStorageKey(), PNG, 'image/png')).rejects.toMatchObject({ name: s3Code });
      other.close();
    }
    expect(s3.requests.at(-1)?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=KASATEST\/\d{8}\/us-east-1\/s3\/aws4_request, /,
    );
  });
});

describe('files: signed links, owners and conversations', () => {
  let ctx: TestApp;
  let alice: AuthResponse;
  let bob: AuthResponse;
  let files: FilesService;
  let store: FileStorage;
  let clock: Clock;
  let baseUrl: string;
  const realNow = () => new Date();

  beforeAll(async () => {
    ctx = await createTestApp('fileslinks', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    alice = await registerUser(ctx.app, { prefix: 'filesa' });
    bob = await registerUser(ctx.app, { prefix: 'filesb' });
    files = ctx.app.get(FilesService);
    store = ctx.app.get<FileStorage>(FILE_STORAGE);
    clock = ctx.app.get<Clock>(CLOCK);
    baseUrl = await listen(ctx.app);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => ctx?.close());

  const newImage = (who: AuthResponse, conversationId?: string) =>
    files.store(who.user.id, { kind: 'image', contentType: 'image/png', body: PNG, conversationId });

  /** Files on disk under DATA_DIR/files (temporary files included). */
  const storedFileCount = () => {
    const { files: config } = ctx.config;
    if (config.storage !== 'local') throw new Error('local storage expected');
    return existsSync(config.dir)
      ? readdirSync(config.dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
          .length
      : 0;
  };

  async function newConversation(who: AuthResponse): Promise<string> {
    const stream = await openChatStream(baseUrl, who.token, { message: 'How do I plant maize?' });
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    return events[0].conversationId!;
  }

  it('refuses an expired link with 403 FILES_LINK_EXPIRED, by the injected clock', async () => {
    const image = await newImage(alice);
    const url = files.signedUrl(image, { ttlSeconds: 60 });
    await follow(ctx, url).expect(200);
    clock.now = () => new Date(Date.now() + 61_000);
    const response = await follow(ctx, url).expect(403);
    expect(response.body).toMatchObject({ code: 'FILES_LINK_EXPIRED' });
  });

  it("refuses a signature moved to another id (another user's file) or to a download", async () => {
    const mine = await newImage(alice);
    const theirs = await newImage(bob);
    const url = files.signedUrl(mine);
    const moved = await follow(ctx, url.replace(mine.id, theirs.id)).expect(403);
    expect(moved.body).toMatchObject({ code: 'FILES_LINK_INVALID' });
    const asDownload = await follow(ctx, `${url}&download=1`).expect(403);
    expect(asDownload.body).toMatchObject({ code: 'FILES_LINK_INVALID' });
    const stretched = await follow(ctx, url.replace(/expires=\d+/, 'expires=99999999999')).expect(403);
    expect(stretched.body).toMatchObject({ code: 'FILES_LINK_INVALID' });
  });

  it('answers a malformed link with 400 VALIDATION_FAILED, never a 500', async () => {
    const image = await newImage(alice);
    for (const url of [
      `/api/files/not-a-uuid?expires=1&sig=${'a'.repeat(43)}`,
      `/api/files/${image.id}`,
      `/api/files/${image.id}?expires=soon&sig=x`,
    ]) {
      const response = await follow(ctx, url).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it("refuses to attach a file to another user's conversation, leaving no bytes behind", async () => {
    const conversationId = await newConversation(alice);
    const before = storedFileCount();
    await expect(newImage(bob, conversationId)).rejects.toMatchObject({
      response: { code: 'CHAT_CONVERSATION_NOT_FOUND' },
    });
    expect(storedFileCount()).toBe(before);
  });

  it("deletes a conversation's files, rows and bytes, and keeps the user's other files", async () => {
    const conversationId = await newConversation(alice);
    const inConversation = [await newImage(alice, conversationId), await newImage(alice, conversationId)];
    const elsewhere = await newImage(alice);
    const url = files.signedUrl(inConversation[0]);
    await follow(ctx, url).expect(200);

    await request(ctx.app.getHttpServer())
      .delete(`/api/chat/conversations/${conversationId}`)
      .set(bearer(alice))
      .expect(204);

    for (const file of inConversation) expect(await store.exists(file.storageKey)).toBe(false);
    expect((await follow(ctx, url).expect(404)).body).toMatchObject({ code: 'FILES_NOT_FOUND' });
    expect(await store.exists(elsewhere.storageKey)).toBe(true);
    await follow(ctx, files.signedUrl(elsewhere)).expect(200);
  });
});
