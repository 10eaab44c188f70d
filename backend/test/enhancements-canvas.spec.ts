import request from 'supertest';
import type { AuthResponse, CanvasListResponse, CanvasSave, CanvasSaveResponse } from '@kasa/contracts';
import { ChatAttachmentsRegistry } from '../src/chat';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { encodePng } from './support/png';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

const canvasBody = (width = 800, height = 600, extra: Record<string, unknown> = {}) => ({
  title: 'My farm plan',
  canvasData: { width, height, dataURL: dataUrl(encodePng(width, height)), version: '1.0' },
  ...extra,
});

describe('canvas saves', () => {
  let ctx: TestApp;
  let alice: AuthResponse;
  let bob: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());
  const save = (who: AuthResponse, body: unknown) =>
    http()
      .post('/api/enhancements/canvas/save')
      .set(bearer(who))
      .send(body as object);

  beforeAll(async () => {
    ctx = await createTestApp('canvas', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    alice = await registerUser(ctx.app, { prefix: 'canvasa' });
    bob = await registerUser(ctx.app, { prefix: 'canvasb' });
  });

  afterAll(() => ctx.close());

  it('saves a drawing and serves its PNG through the signed link', async () => {
    const png = encodePng(800, 600);
    const response = await save(alice, {
      title: '  My farm plan  ',
      canvasData: { width: 800, height: 600, dataURL: dataUrl(png), version: '1.0' },
    }).expect(200);
    const body = response.body as CanvasSaveResponse;
    expect(body.success).toBe(true);
    expect(body.canvasSave).toMatchObject({ title: 'My farm plan', width: 800, height: 600 });
    expect(new Date(body.canvasSave.createdAt).getTime()).not.toBeNaN();
    const image = await http().get(body.canvasSave.url).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
  });

  it('requires a title', async () => {
    for (const title of [undefined, '', '   ', 42]) {
      const response = await save(alice, { ...canvasBody(), title }).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please enter a title for your canvas',
      });
    }
  });

  it.each([
    [199, 600, 'canvasData.width must be a whole number from 200 to 2000.'],
    [2001, 600, 'canvasData.width must be a whole number from 200 to 2000.'],
    [800.5, 600, 'canvasData.width must be a whole number from 200 to 2000.'],
    [800, 199, 'canvasData.height must be a whole number from 200 to 1500.'],
    [800, 1501, 'canvasData.height must be a whole number from 200 to 1500.'],
  ])('refuses a %sx%s canvas', async (width, height, message) => {
    const body = {
      title: 'x',
      canvasData: { width, height, dataURL: dataUrl(encodePng(800, 600)), version: '1.0' },
    };
    const response = await save(alice, body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses a missing canvasData and a wrong version', async () => {
    expect((await save(alice, { title: 'x' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const body = canvasBody();
    const wrong = { ...body, canvasData: { ...body.canvasData, version: '2.0' } };
    expect((await save(alice, wrong).expect(400)).body.message).toBe("canvasData.version must be '1.0'.");
  });

  it('refuses an image that is not a PNG data URL, not a PNG, cut off, or of another size', async () => {
    const png = encodePng(800, 600);
    const cases: Array<[string, string]> = [
      ['data:image/jpeg;base64,' + png.toString('base64'), 'CANVAS_IMAGE_INVALID'],
      ['data:image/png;base64,@@@@', 'CANVAS_IMAGE_INVALID'],
      [dataUrl(Buffer.from('GIF89a not a png at all, just some text')), 'CANVAS_IMAGE_INVALID'],
      [dataUrl(png.subarray(0, png.length - 20)), 'CANVAS_IMAGE_INVALID'],
      [dataUrl(encodePng(600, 800)), 'CANVAS_SIZE_MISMATCH'],
    ];
    for (const [url, code] of cases) {
      const body = { title: 'x', canvasData: { width: 800, height: 600, dataURL: url, version: '1.0' } };
      const response = await save(alice, body).expect(400);
      expect(response.body.code).toBe(code);
    }
    const mismatch = await save(alice, {
      title: 'x',
      canvasData: { width: 800, height: 600, dataURL: dataUrl(encodePng(600, 800)), version: '1.0' },
    });
    expect(mismatch.body.message).toBe('The canvas image is 600x800 pixels, not the 800x600 stated.');
  });

  it('accepts a 2000x1500 drawing over 1 MB, while other routes keep the 1 MB limit', async () => {
    const png = encodePng(2000, 1500, { noisyRows: 250 });
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const response = await save(alice, {
      title: 'Big',
      canvasData: { width: 2000, height: 1500, dataURL: dataUrl(png), version: '1.0' },
    }).expect(200);
    expect((response.body as CanvasSaveResponse).canvasSave).toMatchObject({ width: 2000, height: 1500 });
    const elsewhere = await http()
      .post('/api/chat')
      .set(bearer(alice))
      .send({ message: 'x'.repeat(1024 * 1024 + 10) })
      .expect(413);
    expect(elsewhere.body).toMatchObject({ code: 'BODY_TOO_LARGE', message: expect.stringContaining('1mb') });
  });

  it('refuses a body past 15 MB with a 413', async () => {
    const response = await save(alice, {
      title: 'x',
      canvasData: { width: 800, height: 600, dataURL: 'x'.repeat(16 * 1024 * 1024), version: '1.0' },
    }).expect(413);
    expect(response.body).toMatchObject({ code: 'BODY_TOO_LARGE', message: expect.stringContaining('15mb') });
  });

  it("attaches to the user's own conversation only", async () => {
    const sent = await http().post('/api/chat').set(bearer(alice)).send({ message: 'Hello' }).expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    await save(alice, canvasBody(800, 600, { conversationId })).expect(200);
    const refused = await save(bob, canvasBody(800, 600, { conversationId })).expect(404);
    expect(refused.body.code).toBe('CHAT_CONVERSATION_NOT_FOUND');
    const [row] = await sql<{ conversation_id: string; kind: string }>(
      ctx.databaseUrl,
      `SELECT c.conversation_id, f.kind FROM canvas_saves c JOIN files f ON f.id = c.file_id
       WHERE c.user_id = $1 AND c.conversation_id IS NOT NULL`,
      [alice.user.id],
    );
    expect(row).toEqual({ conversation_id: conversationId, kind: 'canvas' });
    const unknown = await save(alice, canvasBody(800, 600, { conversationId: crypto.randomUUID() }));
    expect(unknown.status).toBe(404);
    expect((await save(alice, canvasBody(800, 600, { conversationId: 'nope' }))).status).toBe(400);
  });

  it("lists the user's canvases newest first, gets one, and hides others'", async () => {
    const carol = await registerUser(ctx.app, { prefix: 'canvasc' });
    const first = (await save(carol, { ...canvasBody(), title: 'First' }).expect(200))
      .body as CanvasSaveResponse;
    const second = (await save(carol, { ...canvasBody(600, 600), title: 'Second' }).expect(200))
      .body as CanvasSaveResponse;
    const list = (await http().get('/api/enhancements/canvas').set(bearer(carol)).expect(200))
      .body as CanvasListResponse;
    expect(list.canvases.map((canvas) => canvas.title)).toEqual(['Second', 'First']);
    expect(list.canvases[0].url).toMatch(/^\/api\/files\//);

    const one = (
      await http().get(`/api/enhancements/canvas/${first.canvasSave.id}`).set(bearer(carol)).expect(200)
    ).body as CanvasSave;
    expect(one).toMatchObject({ id: first.canvasSave.id, title: 'First', width: 800, height: 600 });

    const hidden = await http()
      .get(`/api/enhancements/canvas/${first.canvasSave.id}`)
      .set(bearer(bob))
      .expect(404);
    expect(hidden.body.code).toBe('CANVAS_NOT_FOUND');
    const bobs = (await http().get('/api/enhancements/canvas').set(bearer(bob)).expect(200))
      .body as CanvasListResponse;
    expect(bobs.canvases.map((canvas) => canvas.id)).not.toContain(second.canvasSave.id);
    await http().get('/api/enhancements/canvas/not-a-uuid').set(bearer(carol)).expect(400);
    await http().get('/api/enhancements/canvas').expect(401);
  });

  it('deletes a canvas and its PNG; never another user’s', async () => {
    const saved = (await save(alice, canvasBody()).expect(200)).body as CanvasSaveResponse;
    const { id, url } = saved.canvasSave;
    expect((await http().delete(`/api/enhancements/canvas/${id}`).set(bearer(bob))).status).toBe(404);
    await http().get(url).expect(200);
    await http().delete(`/api/enhancements/canvas/${id}`).set(bearer(alice)).expect(204);
    await http().get(`/api/enhancements/canvas/${id}`).set(bearer(alice)).expect(404);
    await http().get(url).expect(404);
    await http().delete(`/api/enhancements/canvas/${id}`).set(bearer(alice)).expect(404);
  });

  it('is a chat attachment source: an image without text, for its owner only', async () => {
    const saved = (await save(alice, { ...canvasBody(), title: 'Field map' }).expect(200))
      .body as CanvasSaveResponse;
    const source = ctx.app.get(ChatAttachmentsRegistry).get('canvas');
    expect(source).toBeDefined();
    const [resolved] = await source!.resolve(alice.user.id, [saved.canvasSave.id, 'not-a-uuid']);
    expect(resolved).toMatchObject({
      type: 'canvas',
      id: saved.canvasSave.id,
      name: 'Field map',
      mimeType: 'image/png',
      textStatus: 'none',
      characters: 0,
    });
    expect(resolved.fileId).toEqual(expect.any(String));
    expect(await source!.resolve(bob.user.id, [saved.canvasSave.id])).toEqual([]);
    expect(await source!.text(alice.user.id, saved.canvasSave.id, 'what is this?', 1000)).toEqual({
      text: '',
      complete: true,
    });
  });
});
