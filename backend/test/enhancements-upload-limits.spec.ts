import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import type { AuthResponse, UploadRecord } from '@kasa/contracts';
import { eventually, sql } from './chat-support';
import { GENEROUS_RATE_LIMITS, bearer, registerUser } from './support/accounts';
import { createTestApp, createTestEnvironment, type TestApp, type TestEnvironment } from './support/test-app';
import {
  blankPdf,
  CONTENT_TYPES_PART,
  docxInflatingTo,
  pngDeclaring,
  watchChildMemory,
  zipDeclaring,
} from './support/upload-bombs';
import { uploadFromChild } from './support/upload-client';
import { type ApiProcess, startApiProcess } from './support/api-process';

/**
 * The limits of reading uploads (docs/operations.md#uploaded-documents-and-ocr): small files
 * that declare huge sizes are refused or read at a bounded size, every program stays under its
 * memory limit, a scan stops at its page cap or its time, small files never wait behind scans,
 * and large texts are checked and indexed off the event loop.
 */

const MB = 1024 * 1024;
const FONT = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Black words on white, drawn with the bundled DejaVu font (at least `minHeight` pixels high). */
function textPng(lines: string[], { width = 1000, minHeight = 0, fontSize = 44 } = {}): Buffer {
  const lineHeight = Math.round(fontSize * 1.6);
  const height = Math.max(minHeight, 80 + lines.length * lineHeight);
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${70 + (i + 1) * lineHeight}" font-size="${fontSize}" fill="#111">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return Buffer.from(
    new Resvg(svg, { font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } })
      .render()
      .asPng(),
  );
}

function send(
  app: INestApplication,
  who: AuthResponse,
  bytes: Buffer,
  filename: string,
  contentType: string,
) {
  return request(app.getHttpServer())
    .post('/api/enhancements/upload')
    .set(bearer(who))
    .attach('file', bytes, { filename, contentType });
}

async function record(app: INestApplication, who: AuthResponse, id: string): Promise<UploadRecord> {
  const response = await request(app.getHttpServer())
    .get(`/api/enhancements/uploads/${id}`)
    .set(bearer(who))
    .expect(200);
  return response.body as UploadRecord;
}

/** Polls the upload until its extraction ends. */
function finished(
  app: INestApplication,
  who: AuthResponse,
  id: string,
  timeoutMs = 60_000,
): Promise<UploadRecord> {
  return eventually(
    async () => {
      const body = await record(app, who, id);
      return ['done', 'failed'].includes(body.extraction.status) ? body : undefined;
    },
    timeoutMs,
    50,
  );
}

async function passagesOf(ctx: TestApp, uploadId: string): Promise<string> {
  const rows = await sql<{ text: string | null }>(
    ctx.databaseUrl,
    `SELECT string_agg(content, ' ' ORDER BY ordinal) AS text FROM upload_passages WHERE upload_id = $1`,
    [uploadId],
  );
  return rows[0].text ?? '';
}

describe('upload extraction within its memory, pixel, size and page limits', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('upload_limits', {
      queue: 'redis',
      env: {
        UPLOAD_CHILD_MEMORY_MB: '384',
        UPLOAD_OCR_MAX_PAGES: '3',
        UPLOAD_DOCUMENT_MAX_INFLATED_MB: '20',
        TESSERACT_LANGS: 'eng',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(() => ctx?.close());

  /**
   * Uploads (as a new user: the Basic plan has 5 uploads a month), waits for the extraction, and
   * answers it with the largest memory a program reached meanwhile.
   */
  async function extract(bytes: Buffer, name: string, type: string, timeoutMs = 60_000) {
    const user = await registerUser(ctx.app, { prefix: 'lim' });
    const memory = watchChildMemory();
    try {
      const sent = await send(ctx.app, user, bytes, name, type).expect(201);
      const done = await finished(ctx.app, user, sent.body.id as string, timeoutMs);
      return { record: done, peakChildBytes: memory.stop() };
    } finally {
      memory.stop();
    }
  }

  it('refuses to OCR a PNG whose header declares 30000 x 30000 pixels, starting no program', async () => {
    const png = pngDeclaring(30_000, 30_000);
    expect(png.length).toBeLessThan(1024);
    const { record: done, peakChildBytes } = await extract(png, 'huge.png', 'image/png');
    expect(done.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_EXTRACTION_LIMIT' });
    expect(done.extraction.error).toBe(
      'This image is 30000 × 30000 pixels (900 megapixels): images above 40 megapixels are not read. Make it smaller and upload it again.',
    );
    expect(peakChildBytes).toBeLessThan(100 * MB);
  });

  it('scales a large photo down before OCR, within the memory limit, and reads it', async () => {
    // 24 megapixels: scaled down to 12 (grey, by ffmpeg) before tesseract, and still read.
    const photo = textPng(['Sorghum harvest register', 'Cowpea seed stock'], {
      width: 6000,
      minHeight: 4000,
      fontSize: 220,
    });
    const { record: done, peakChildBytes } = await extract(photo, 'register.png', 'image/png');
    expect(done.extraction).toMatchObject({ status: 'done', method: 'ocr' });
    const text = await passagesOf(ctx, done.id);
    expect(text).toMatch(/Sorghum/i);
    expect(text).toMatch(/Cowpea/i);
    expect(peakChildBytes).toBeLessThan(384 * MB);
  });

  it('renders a 5000 x 5000 pt scanned page at a bounded size and reads it', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(textPng(['Millet threshing day']));
    doc
      .addPage([5000, 5000])
      .drawImage(image, { x: 0, y: 2500, width: 5000, height: (5000 * image.height) / image.width });
    const pdf = Buffer.from(await doc.save());
    const { record: done, peakChildBytes } = await extract(pdf, 'poster.pdf', 'application/pdf');
    expect(done.extraction).toMatchObject({
      status: 'done',
      method: 'ocr',
      pagesRead: 1,
      pagesTotal: 1,
      stoppedBy: null,
      note: null,
    });
    expect(await passagesOf(ctx, done.id)).toMatch(/Millet/i);
    // At a fixed 200 dpi the page is 13889 x 13889 pixels: pdftoppm and tesseract took gigabytes.
    expect(peakChildBytes).toBeLessThan(384 * MB);
  });

  it('refuses a DOCX whose document.xml inflates past the budget before any reader runs', async () => {
    const docx = await docxInflatingTo(64);
    expect(docx.length).toBeLessThan(2 * MB);
    const { record: done, peakChildBytes } = await extract(docx, 'minutes.docx', DOCX);
    expect(done.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_EXTRACTION_LIMIT' });
    expect(done.extraction.error).toBe(
      'This Word document is too large to read: it declares 65 MB once decompressed (at most 20 MB are read).',
    );
    expect(peakChildBytes).toBeLessThan(100 * MB);
  });

  it('refuses a DOCX whose parts lie about their size, counting what really inflates', async () => {
    const lying = zipDeclaring([
      CONTENT_TYPES_PART,
      { name: 'word/document.xml', data: Buffer.alloc(64 * MB, 'A'), declaredSize: 1024 },
    ]);
    const { record: done, peakChildBytes } = await extract(lying, 'lying.docx', DOCX);
    expect(done.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_EXTRACTION_LIMIT' });
    expect(done.extraction.error).toBe(
      'This Word document is too large to read: its part word/document.xml decompresses to more than the 1024 bytes it declares.',
    );
    expect(peakChildBytes).toBeLessThan(100 * MB);

    const declaringGigabytes = zipDeclaring([
      CONTENT_TYPES_PART,
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'), declaredSize: 0xffffffff },
    ]);
    const refused = await extract(declaringGigabytes, 'bomb.docx', DOCX);
    expect(refused.record.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_EXTRACTION_LIMIT' });
    expect(refused.record.extraction.error).toMatch(/it declares 4097 MB once decompressed/);
  });

  it('reads a 3,000-page blank PDF up to the page cap and says which pages were not read', async () => {
    const pdf = await blankPdf(3000);
    expect(pdf.length).toBeLessThan(300 * 1024);
    const { record: done } = await extract(pdf, 'blank.pdf', 'application/pdf', 90_000);
    expect(done.extraction).toMatchObject({
      status: 'done',
      method: 'ocr',
      progress: 100,
      pagesRead: 3,
      pagesTotal: 3000,
      stoppedBy: 'page-limit',
      note: 'Pages 4-3000 were not read: text recognition reads at most 3 pages of a scanned PDF.',
    });
  }, 120_000);
});

/**
 * The API in a process of its own, as in production: the test runner's process has the heap of
 * every earlier test file, whose collection would be counted against the code under test.
 */
describe('large uploads and the API event loop', () => {
  let environment: TestEnvironment;
  let api: ApiProcess;

  beforeAll(async () => {
    environment = await createTestEnvironment('upload_loop', {
      queue: 'redis',
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    api = await startApiProcess(environment.config);
  });
  afterAll(async () => {
    await api?.stop();
    await environment?.dispose();
  });

  async function extractionOf(token: string, id: string): Promise<UploadRecord> {
    return eventually(
      async () => {
        const response = await fetch(`${api.baseUrl}/api/enhancements/uploads/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as UploadRecord;
        return ['done', 'failed'].includes(body.extraction.status) ? body : undefined;
      },
      60_000,
      100,
    );
  }

  it('checks and indexes large text and JSON uploads off the event loop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kasa-big-upload-'));
    try {
      const jsonPath = join(dir, 'plots.json');
      // Four million array items: parsing it whole (to tell JSON from text) takes V8 about half a second.
      await writeFile(jsonPath, `[${Array.from({ length: 4_000_000 }, () => '0').join(',')}]`);
      const textPath = join(dir, 'field guide.txt');
      const paragraph = 'Maize rows are planted 75 cm apart after the first rains. ';
      await writeFile(
        textPath,
        Array.from({ length: 600_000 }, (_, i) => `${paragraph}${i % 7 ? '' : '\n\n'}`).join(''),
      );
      expect((await stat(jsonPath)).size).toBeLessThan(8 * MB); // parsed whole up to 8 MB
      expect((await stat(textPath)).size).toBeGreaterThan(30 * MB);
      const user = await registerUser(api.baseUrl, { prefix: 'big' });

      let slowestHealthMs = 0;
      let polling = true;
      const health = (async () => {
        while (polling) {
          const started = performance.now();
          const response = await fetch(`${api.baseUrl}/api/health`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await fetch(`${api.baseUrl}/api/health`); // its first call starts its probes
      await api.eventLoopMaxDelayMs(); // what starting up cost does not count
      let loopMaxMs: number;
      try {
        const [sentJson, sentText] = await Promise.all([
          uploadFromChild(api.baseUrl, user.token, jsonPath, 'plots.json', 'application/json'),
          uploadFromChild(api.baseUrl, user.token, textPath, 'field guide.txt', 'text/plain'),
        ]);
        expect(sentJson).toMatchObject({ status: 201, body: { mimeType: 'application/json' } });
        expect(sentText).toMatchObject({ status: 201, body: { mimeType: 'text/plain' } });
        const [doneJson, doneText] = await Promise.all([
          extractionOf(user.token, sentJson.body.id as string),
          extractionOf(user.token, sentText.body.id as string),
        ]);
        expect(doneJson.extraction).toMatchObject({ status: 'done' });
        expect(doneText.extraction.status).toBe('done');
        // The first 5,000,000 characters are indexed, a little fewer once cleaned.
        expect(doneText.extraction.characters).toBeGreaterThan(4_900_000);
      } finally {
        loopMaxMs = await api.eventLoopMaxDelayMs();
        polling = false;
        await health;
      }
      console.log(
        `event loop during large uploads: max delay ${loopMaxMs.toFixed(0)} ms; slowest /api/health ${slowestHealthMs.toFixed(0)} ms`,
      );
      // Parsing the JSON on the loop held it for about 500 ms; off it, no request or job holds the
      // loop past the 100 ms docs/operations.md promises. The bound leaves room for the garbage
      // collector's pauses over these 5 MB strings on a busy 2-core machine (105 ms seen once in a
      // clean-clone CI run), and still fails the 500 ms of a parse on the loop.
      expect(loopMaxMs).toBeLessThan(200);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('upload extraction queues and time budget', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('upload_queues', {
      queue: 'redis',
      env: {
        UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS: '15',
        UPLOAD_OCR_MAX_PAGES: '1000',
        TESSERACT_LANGS: 'eng',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(() => ctx?.close());

  it('reads a small text file at once while two long scans are read, which stop at their time limit', async () => {
    const owner = await registerUser(ctx.app, { prefix: 'scan' });
    const other = await registerUser(ctx.app, { prefix: 'txt' });
    const scans = await Promise.all(
      [1, 2].map(
        async (n) =>
          (await send(ctx.app, owner, await blankPdf(100), `scan ${n}.pdf`, 'application/pdf').expect(201))
            .body as UploadRecord,
      ),
    );
    // The scans are under way: their text layers read, their pages being read by OCR.
    await eventually(async () => {
      const states = await Promise.all(scans.map((scan) => record(ctx.app, owner, scan.id)));
      return states.some((state) => state.extraction.status === 'running' && state.extraction.progress > 0)
        ? true
        : undefined;
    }, 90_000);

    const sentAt = Date.now();
    const small = await send(
      ctx.app,
      other,
      Buffer.from('Plant beans after maize.'),
      'note.txt',
      'text/plain',
    ).expect(201);
    const read = await finished(ctx.app, other, small.body.id as string, 5_000);
    expect(read.extraction.status).toBe('done');
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    const states = await Promise.all(scans.map((scan) => record(ctx.app, owner, scan.id)));
    expect(states.every((state) => ['pending', 'running'].includes(state.extraction.status))).toBe(true);

    for (const scan of scans) {
      const done = await finished(ctx.app, owner, scan.id, 90_000);
      expect(done.extraction).toMatchObject({ status: 'done', pagesTotal: 100, stoppedBy: 'time-limit' });
      const pages = done.extraction.pagesRead!;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThan(100);
      expect(done.extraction.note).toBe(
        `Pages ${pages + 1}-100 were not read: reading it took the 15 seconds allowed.`,
      );
    }
  }, 240_000);
});
