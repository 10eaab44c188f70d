// Deleting a file, a conversation or a whole account removes every object FILES_STORAGE holds for
// it: the original and what was derived from it (the data saver's WebP thumbnail, or the mark
// that an image has none), on the local disk and in an S3 bucket alike.
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import request from 'supertest';
import type { AuthResponse, CanvasSaveResponse } from '@kasa/contracts';
import { FilesService } from '../src/files';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeS3Server, filesStorageEnv, startFakeS3 } from './support/fake-s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { encodePng, pngWithData } from './support/png';

/** A 200x200 PNG whose pixel data is not zlib: no thumbnail can be made of it, so it gets the mark. */
const undecodablePng = () => pngWithData(200, 200, 'rgb', Buffer.from('not zlib'));

/** A white 400x300 PNG. */
const whitePng = () => encodePng(400, 300);

describe.each(['local', 's3'] as const)('deleting files and accounts on %s storage', (storage) => {
  let ctx: TestApp;
  let s3: FakeS3Server | undefined;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    if (storage === 's3') s3 = await startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' });
    ctx = await createTestApp(`delfiles${storage}`, {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: filesStorageEnv(s3),
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  /** Every key FILES_STORAGE holds: the files under DATA_DIR/files, or the fake bucket's objects. */
  function storedKeys(): string[] {
    if (s3) return [...s3.objects.keys()];
    const { files } = ctx.config;
    if (files.storage !== 'local') throw new Error('local storage expected');
    return readdirSync(files.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(files.dir, `${entry.parentPath}/${entry.name}`));
  }

  /** The keys under which a stored file of the user, or anything derived from it, is kept. */
  const keysOf = async (who: AuthResponse) => {
    const rows = await sql<{ storage_key: string }>(
      ctx.databaseUrl,
      `SELECT storage_key FROM files WHERE user_id = $1`,
      [who.user.id],
    );
    const own = rows.map((row) => row.storage_key);
    return storedKeys().filter((key) => own.some((storageKey) => key.startsWith(storageKey)));
  };

  const thumb = (url: string) => http().get(`${url}&variant=thumb`);

  /**
   * A conversation with an image in it (as the media job stores one), a canvas and an image no
   * thumbnail can be made of, each opened as the data saver opens them: two WebP thumbnails and
   * one mark are stored.
   */
  async function fillWithPictures(who: AuthResponse): Promise<{ conversationId: string; canvasId: string }> {
    const files = ctx.app.get(FilesService);
    const sent = await http().post('/api/chat').set(bearer(who)).send({ message: 'Hello' }).expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    const image = await files.store(who.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: whitePng(),
      conversationId,
    });
    await thumb(files.signedUrl(image)).expect(200);
    const canvas = (
      await http()
        .post('/api/enhancements/canvas/save')
        .set(bearer(who))
        .send({
          title: 'Field',
          canvasData: {
            width: 400,
            height: 300,
            dataURL: `data:image/png;base64,${whitePng().toString('base64')}`,
            version: '1.0',
          },
        })
        .expect(200)
    ).body as CanvasSaveResponse;
    await thumb(canvas.canvasSave.url).expect(200);
    const broken = await files.store(who.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: undecodablePng(),
    });
    await thumb(files.signedUrl(broken)).expect(422);
    return { conversationId, canvasId: canvas.canvasSave.id };
  }

  it('DELETE /api/account leaves no file of the user: originals, thumbnails and marks all go', async () => {
    const ada = await registerUser(ctx.app, { prefix: 'delfa' });
    const bob = await registerUser(ctx.app, { prefix: 'delfb' });
    await fillWithPictures(ada);
    await fillWithPictures(bob);
    const adaKeys = await keysOf(ada);
    const bobKeys = await keysOf(bob);
    // Three originals and what was derived from each.
    expect(adaKeys.filter((key) => key.endsWith('.thumb'))).toHaveLength(3);
    expect(adaKeys).toHaveLength(6);

    await http().delete('/api/account').set(bearer(ada)).send({ password: 'secret123' }).expect(200);

    const left = storedKeys();
    expect(left.filter((key) => adaKeys.includes(key))).toEqual([]);
    expect(bobKeys.every((key) => left.includes(key))).toBe(true);
  });

  it('deleting a canvas, or a conversation with its image, removes their thumbnails too', async () => {
    const cleo = await registerUser(ctx.app, { prefix: 'delfc' });
    const { conversationId, canvasId } = await fillWithPictures(cleo);
    const before = await keysOf(cleo);
    expect(before).toHaveLength(6);

    await http().delete(`/api/enhancements/canvas/${canvasId}`).set(bearer(cleo)).expect(204);
    await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(cleo)).expect(204);

    // Only the image stored outside any conversation is left, with its mark.
    const left = storedKeys().filter((key) => before.includes(key));
    expect(left).toHaveLength(2);
    expect(left.filter((key) => key.endsWith('.thumb'))).toHaveLength(1);
  });
});
