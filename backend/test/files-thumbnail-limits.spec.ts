// What a thumbnail may cost (docs/operations.md#thumbnails-and-canvases): images that declare
// too many pixels never reach ffmpeg, a failure is remembered, ffmpeg runs a few at a time and
// within a memory limit. ffmpeg's runs are counted on node:child_process's spawn, which the
// counter passes straight through to.
import childProcess, { type ChildProcess } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { ffmpegPath } from '../src/processes/ffmpeg';
import { runProcess } from '../src/processes/run-process';
import { FILE_STORAGE, type FileStorage, FilesService } from '../src/files';
import { thumbnailStorageKey } from '../src/files/storage/storage-key';
import { GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeS3Server, filesStorageEnv, startFakeS3 } from './support/fake-s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { pngWithData } from './support/png';

/**
 * About a kilobyte whose header declares 16000x16000 pixels (a gigabyte decoded): before any
 * limit, ffmpeg spent 11 s and 1 GB of memory on it, on every request that found no thumbnail.
 */
const hugePng = () =>
  pngWithData(16000, 16000, 'rgba', deflateSync(Buffer.alloc(16 * (1 + 16000 * 4)), { level: 9 }));

/** A PNG of a modest declared size whose pixel data is not zlib: ffmpeg starts, then fails. */
const undecodablePng = () =>
  pngWithData(100, 100, 'rgba', Buffer.from('these words are not zlib-compressed pixels'));

/** A 4000x3000 test card: ffmpeg takes a few hundred milliseconds to shrink it. */
async function photoPng(): Promise<Buffer> {
  const { stdout } = await runProcess(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=4000x3000',
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

/** Counts ffmpeg's runs, and the most that ran at once, from now on. */
function countFfmpegRuns() {
  const spawn = childProcess.spawn;
  const counts = { runs: 0, running: 0, mostAtOnce: 0 };
  const spy = jest.spyOn(childProcess, 'spawn').mockImplementation(((...args: Parameters<typeof spawn>) => {
    const child: ChildProcess = spawn(...args);
    const [command, commandArgs] = args as unknown as [string, readonly string[]];
    if ([command, ...commandArgs].includes(ffmpegPath())) {
      counts.runs++;
      counts.running++;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      child.once('close', () => counts.running--);
    }
    return child;
  }) as typeof spawn);
  return { counts, stop: () => spy.mockRestore() };
}

/** Follows a signed link as <img> would: no Authorization header. */
const follow = (ctx: TestApp, url: string) => request(ctx.app.getHttpServer()).get(url).buffer(true);

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

async function setUp(label: string, options: Parameters<typeof createTestApp>[1]) {
  const ctx = await createTestApp(label, options);
  const owner: AuthResponse = await registerUser(ctx.app, { prefix: 'thumblim' });
  const files = ctx.app.get(FilesService);
  const store = ctx.app.get<FileStorage>(FILE_STORAGE);
  const storeImage = (body: Buffer) =>
    files.store(owner.user.id, { kind: 'image', contentType: 'image/png', body, originalName: 'field.png' });
  /** What is kept under the thumbnail's key: null (nothing yet), or its size in bytes. */
  const keptThumbnailSize = async (storageKey: string) => {
    const object = await store.get(thumbnailStorageKey(storageKey));
    object?.body.resume();
    return object ? object.size : null;
  };
  return { ctx, files, storeImage, keptThumbnailSize };
}

describe.each(['local', 's3'] as const)('thumbnail limits on %s storage', (storage) => {
  let s3: FakeS3Server | undefined;
  let app: Awaited<ReturnType<typeof setUp>>;
  let ffmpeg: ReturnType<typeof countFfmpegRuns>;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await photoPng();
    if (storage === 's3') s3 = await startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' });
    app = await setUp(`thumblim${storage}`, {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: filesStorageEnv(s3),
    });
  });
  afterAll(async () => {
    await app?.ctx.close();
    await s3?.close();
  });
  beforeEach(() => {
    ffmpeg = countFfmpegRuns();
  });
  afterEach(() => ffmpeg.stop());

  it('refuses an image that declares more pixels than the budget without running ffmpeg, and remembers it', async () => {
    const image = await app.storeImage(hugePng());
    const url = `${app.files.signedUrl(image)}&variant=thumb`;

    const first = await follow(app.ctx, url).expect(422);
    expect(first.body).toMatchObject({
      code: 'FILES_NO_THUMBNAIL',
      message: expect.stringContaining('16000x16000 pixels'),
    });
    const again = await follow(app.ctx, url).expect(422);
    expect(again.body).toMatchObject({ code: 'FILES_NO_THUMBNAIL' });
    expect(ffmpeg.counts.runs).toBe(0);
    // The refusal is kept beside the original: zero bytes under the thumbnail's key.
    expect(await app.keptThumbnailSize(image.storageKey)).toBe(0);

    // Under Save-Data with no variant named, the image still serves as itself.
    const original = await follow(app.ctx, app.files.signedUrl(image)).set('Save-Data', 'on').expect(200);
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('runs ffmpeg once for an image it cannot decode: later requests get the remembered answer', async () => {
    const image = await app.storeImage(undecodablePng());
    const url = `${app.files.signedUrl(image)}&variant=thumb`;

    const first = await follow(app.ctx, url).expect(422);
    expect(first.body).toMatchObject({ code: 'FILES_NO_THUMBNAIL' });
    expect(ffmpeg.counts.runs).toBe(1);
    expect(await app.keptThumbnailSize(image.storageKey)).toBe(0);

    const later = await Promise.all([1, 2, 3, 4].map(() => follow(app.ctx, url)));
    expect(later.map((response) => response.status)).toEqual([422, 422, 422, 422]);
    expect(ffmpeg.counts.runs).toBe(1);
  });

  it('runs at most THUMBNAIL_CONCURRENCY (2) ffmpeg at once; the other images wait their turn', async () => {
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => app.storeImage(photo)));

    const responses = await Promise.all(
      images.map((image) => follow(app.ctx, `${app.files.signedUrl(image)}&variant=thumb`)),
    );

    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(isWebp(Buffer.from(response.body as Buffer))).toBe(true);
    }
    expect(ffmpeg.counts.runs).toBe(5);
    expect(ffmpeg.counts.mostAtOnce).toBe(2);
  });
});

describe('thumbnail limits, tightened', () => {
  let app: Awaited<ReturnType<typeof setUp>>;
  let ffmpeg: ReturnType<typeof countFfmpegRuns>;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await photoPng();
    app = await setUp('thumblimtight', {
      config: {
        rateLimits: GENEROUS_RATE_LIMITS,
        thumbnails: {
          // Budget raised so the 16000x16000 image reaches ffmpeg, which its memory limit stops.
          maxPixels: 300_000_000,
          memoryLimitBytes: 192 * 1024 * 1024,
          timeoutMs: 15_000,
          concurrency: 1,
          maxWaitMs: 50,
        },
      },
    });
  });
  afterAll(() => app?.ctx.close());
  beforeEach(() => {
    ffmpeg = countFfmpegRuns();
  });
  afterEach(() => ffmpeg.stop());

  it('stops ffmpeg at its memory limit instead of letting it take a gigabyte, and remembers the image', async () => {
    const image = await app.storeImage(hugePng());
    const url = `${app.files.signedUrl(image)}&variant=thumb`;

    expect((await follow(app.ctx, url).expect(422)).body).toMatchObject({ code: 'FILES_NO_THUMBNAIL' });
    expect(ffmpeg.counts.runs).toBe(1);
    expect(await app.keptThumbnailSize(image.storageKey)).toBe(0);
    await follow(app.ctx, url).expect(422);
    expect(ffmpeg.counts.runs).toBe(1);
  });

  it('answers 503 FILES_THUMBNAIL_BUSY with Retry-After when no turn comes in time, and remembers nothing', async () => {
    const images = await Promise.all([1, 2, 3].map(() => app.storeImage(photo)));
    const urls = images.map((image) => `${app.files.signedUrl(image)}&variant=thumb`);

    const responses = await Promise.all(urls.map((url) => follow(app.ctx, url)));

    const busy = responses.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.body).toMatchObject({ code: 'FILES_THUMBNAIL_BUSY' });
      expect(response.headers['retry-after']).toBe('5');
    }
    expect(ffmpeg.counts.mostAtOnce).toBe(1);

    // A busy answer is not remembered: once the slot is free, the same image gets its thumbnail.
    const refused = images[responses.findIndex((response) => response.status === 503)];
    expect(await app.keptThumbnailSize(refused.storageKey)).toBeNull();
    const retried = await follow(app.ctx, `${app.files.signedUrl(refused)}&variant=thumb`).expect(200);
    expect(isWebp(Buffer.from(retried.body as Buffer))).toBe(true);
  });
});
