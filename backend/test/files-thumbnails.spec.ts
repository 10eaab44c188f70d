// The data saver's thumbnails: GET /api/files/:id?…&variant=thumb, on both storage adapters.
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { ffmpegPath, ffprobePath } from '../src/processes/ffmpeg';
import { runProcess } from '../src/processes/run-process';
import { FILE_STORAGE, type FileStorage, FilesService } from '../src/files';
import { thumbnailStorageKey } from '../src/files/storage/storage-key';
import { GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeS3Server, filesStorageEnv, startFakeS3 } from './support/fake-s3-server';
import { createTestApp, type TestApp } from './support/test-app';

/** Follows a signed link as <img> would: no Authorization header. */
const follow = (ctx: TestApp, url: string) => request(ctx.app.getHttpServer()).get(url).buffer(true);

/** A 1024×640 PNG with noise in it, so it weighs what a photo-like image does. */
async function bigPng(): Promise<Buffer> {
  const { stdout } = await runProcess(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1024x640,noise=alls=40:allf=t',
    '-frames:v',
    '1',
    '-c:v',
    'png',
    '-f',
    'image2pipe',
    'pipe:1',
  ]);
  return stdout;
}

async function dimensionsOf(image: Buffer): Promise<{ width: number; height: number }> {
  const { stdout } = await runProcess(
    ffprobePath(),
    ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'json', '-i', 'pipe:0'],
    { input: image },
  );
  return (JSON.parse(stdout.toString('utf8')) as { streams: { width: number; height: number }[] }).streams[0];
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

describe.each(['local', 's3'] as const)('file thumbnails on %s storage', (storage) => {
  let ctx: TestApp;
  let s3: FakeS3Server | undefined;
  let alice: AuthResponse;
  let files: FilesService;
  let store: FileStorage;
  let png: Buffer;

  beforeAll(async () => {
    if (storage === 's3') s3 = await startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' });
    ctx = await createTestApp(`thumbs${storage}`, {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: filesStorageEnv(s3),
    });
    alice = await registerUser(ctx.app, { prefix: 'thumbs' });
    files = ctx.app.get(FilesService);
    store = ctx.app.get<FileStorage>(FILE_STORAGE);
    png = await bigPng();
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  const newImage = () =>
    files.store(alice.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: png,
      originalName: 'field.png',
    });

  it('serves a WebP of at most 320 px, much smaller than the original, made once and kept', async () => {
    const image = await newImage();
    const url = `${files.signedUrl(image)}&variant=thumb`;
    const response = await follow(ctx, url).expect(200);
    const thumb = Buffer.from(response.body as Buffer);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="image-[0-9a-f]{8}\.webp"/);
    expect(response.headers.vary).toMatch(/Save-Data/);
    expect(isWebp(thumb)).toBe(true);
    expect(await dimensionsOf(thumb)).toEqual({ width: 320, height: 200 });
    expect(thumb.length).toBeLessThan(png.length / 10);

    // Kept in storage beside the original: a second view reads it back, byte for byte.
    expect(await store.exists(thumbnailStorageKey(image.storageKey))).toBe(true);
    const again = await follow(ctx, url).expect(200);
    expect(Buffer.from(again.body as Buffer)).toEqual(thumb);

    // The original is untouched.
    const original = await follow(ctx, files.signedUrl(image)).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(Buffer.from(original.body as Buffer)).toEqual(png);
  });

  it('serves concurrent first views the thumbnail (made once, in progress shared)', async () => {
    const image = await newImage();
    const url = `${files.signedUrl(image)}&variant=thumb`;
    const responses = await Promise.all([1, 2, 3].map(() => follow(ctx, url)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(isWebp(Buffer.from(response.body as Buffer))).toBe(true);
    }
  });

  it('never enlarges a small image', async () => {
    const { stdout: small } = await runProcess(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=120x80',
      '-frames:v',
      '1',
      '-c:v',
      'png',
      '-f',
      'image2pipe',
      'pipe:1',
    ]);
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: small });
    const response = await follow(ctx, `${files.signedUrl(image)}&variant=thumb`).expect(200);
    expect(await dimensionsOf(Buffer.from(response.body as Buffer))).toEqual({ width: 120, height: 80 });
  });

  it('under Save-Data: on, an image without a variant comes as its thumbnail; variant=original and downloads do not', async () => {
    const image = await newImage();
    const url = files.signedUrl(image);
    const saving = await follow(ctx, url).set('Save-Data', 'on').expect(200);
    expect(saving.headers['content-type']).toBe('image/webp');
    const original = await follow(ctx, `${url}&variant=original`).set('Save-Data', 'on').expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['content-disposition']).toMatch(/filename="field\.png"/);
    const download = await follow(ctx, files.signedUrl(image, { download: true }))
      .set('Save-Data', 'on')
      .expect(200);
    expect(Buffer.from(download.body as Buffer)).toEqual(png);
  });

  it('checks the signature like the original: a forged or moved link is 403', async () => {
    const mine = await newImage();
    const other = await newImage();
    const url = files.signedUrl(mine);
    const moved = await follow(ctx, `${url.replace(mine.id, other.id)}&variant=thumb`).expect(403);
    expect(moved.body).toMatchObject({ code: 'FILES_LINK_INVALID' });
    const forged = await follow(
      ctx,
      `${url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)}&variant=thumb`,
    ).expect(403);
    expect(forged.body).toMatchObject({ code: 'FILES_LINK_INVALID' });
    // Nothing was made for a link that failed its check.
    expect(await store.exists(thumbnailStorageKey(other.storageKey))).toBe(false);
  });

  it('answers a bad variant with 400, and a thumbnail of a non-image or a broken image with 422', async () => {
    const image = await newImage();
    const bad = await follow(ctx, `${files.signedUrl(image)}&variant=huge`).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });

    const speech = await files.store(alice.user.id, {
      kind: 'audio',
      contentType: 'audio/mpeg',
      body: Buffer.from('ID3 mp3 frames'),
    });
    const audio = await follow(ctx, `${files.signedUrl(speech)}&variant=thumb`).expect(422);
    expect(audio.body).toMatchObject({ code: 'FILES_NO_THUMBNAIL' });

    const broken = await files.store(alice.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    const brokenThumb = await follow(ctx, `${files.signedUrl(broken)}&variant=thumb`).expect(422);
    expect(brokenThumb.body).toMatchObject({ code: 'FILES_NO_THUMBNAIL' });
    // Under Save-Data, the same broken image still serves as itself.
    const asItself = await follow(ctx, files.signedUrl(broken)).set('Save-Data', 'on').expect(200);
    expect(asItself.headers['content-type']).toBe('image/png');
  });

  it("deletes an image's thumbnail with it", async () => {
    const image = await newImage();
    await follow(ctx, `${files.signedUrl(image)}&variant=thumb`).expect(200);
    const key = thumbnailStorageKey(image.storageKey);
    expect(await store.exists(key)).toBe(true);
    await files.deleteOwned(alice.user.id, image.id);
    expect(await store.exists(key)).toBe(false);
    expect(await store.exists(image.storageKey)).toBe(false);
  });
});
