import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { type AuthResponse, UPLOAD_MAX_BYTES, type UploadRecord, type UsageFeature } from '@kasa/contracts';
import { ffmpegPath } from '../src/processes/ffmpeg';
import { KnowledgeSearchService } from '../src/ai/knowledge/knowledge-search.service';
import { ChatAttachmentsRegistry } from '../src/chat';
import { eventually, listen, sql } from './chat-support';
import { GENEROUS_RATE_LIMITS, bearer, registerUser } from './support/accounts';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { usedIn } from './support/usage-support';

const execFileAsync = promisify(execFile);
const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
const FONT = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const invalidType = (name: string) =>
  `Invalid file type: ${name}. Only images, PDFs, Word docs, and text files are allowed.`;

/** A photo-like PNG of black words on white, drawn with the bundled DejaVu font. */
function textPng(lines: string[]): Buffer {
  const text = lines
    .map((line, index) => `<text x="40" y="${90 + index * 70}" font-size="44" fill="#111">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${80 + lines.length * 70}">
    <rect width="100%" height="100%" fill="#fdfdf8"/>${text}</svg>`;
  return Buffer.from(
    new Resvg(svg, { font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } })
      .render()
      .asPng(),
  );
}

/**
 * A phone's photo of a printed page, as far as a test can make one: the page tilted,
 * lit unevenly (darker towards a corner), then sensor noise, a little blur and JPEG compression
 * (ffmpeg, the same binary the speech engine uses).
 */
async function phonePhotoJpeg(lines: string[]): Promise<Buffer> {
  const text = lines
    .map((line, index) => `<text x="60" y="${120 + index * 70}" font-size="42" fill="#222">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${160 + lines.length * 70}">
    <defs><radialGradient id="light" cx="30%" cy="30%" r="90%">
      <stop offset="0" stop-color="#f4f1e6"/><stop offset="1" stop-color="#b9b29c"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <g transform="rotate(-2.5 550 100)">${text}</g></svg>`;
  const png = new Resvg(svg, {
    font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
  const dir = await mkdtemp(join(tmpdir(), 'kasa-photo-'));
  try {
    await writeFile(join(dir, 'page.png'), png);
    await execFileAsync(ffmpegPath(), [
      '-loglevel',
      'error',
      '-i',
      join(dir, 'page.png'),
      '-vf',
      'noise=alls=14:allf=t,gblur=sigma=0.7',
      '-q:v',
      '7',
      join(dir, 'photo.jpg'),
    ]);
    return await readFile(join(dir, 'photo.jpg'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function textPdf(paragraphs: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const paragraph of paragraphs) doc.addPage().drawText(paragraph, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A "scanned" PDF: each page is a picture of text, with no text layer. */
async function scannedPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const lines of pages) {
    const image = await doc.embedPng(textPng(lines));
    const page = doc.addPage([image.width, image.height]);
    page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return Buffer.from(await doc.save());
}

async function docxFile(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(doc);
}

/** A minimal ZIP (stored entries) with the given names: a DOCX without Word inside is a plain ZIP. */
function zipFile(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A minimal OLE2 compound file (512-byte sectors: FAT, directory, then each stream of 4096 bytes
 * or more, so none lives in the mini stream) holding the named streams: with 'WordDocument' it is
 * a DOC by structure, without it an Excel-like compound file.
 */
function compoundFile(streams: Record<string, Buffer>): Buffer {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const entries = Object.entries(streams).map(([name, data]) => {
    const padded = Buffer.alloc(Math.max(4096, Math.ceil(data.length / SECTOR) * SECTOR));
    data.copy(padded);
    return { name, data: padded, size: Math.max(4096, data.length) };
  });
  const fat: number[] = [0xfffffffd, END];
  const starts: number[] = [];
  for (const entry of entries) {
    const start = fat.length;
    starts.push(start);
    const count = entry.data.length / SECTOR;
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? END : start + i + 1);
  }
  const fatSector = Buffer.alloc(SECTOR, 0xff);
  fat.forEach((value, index) => fatSector.writeUInt32LE(value, index * 4));
  const directory = Buffer.alloc(SECTOR);
  const writeEntry = (
    index: number,
    name: string,
    type: number,
    child: number,
    right: number,
    start: number,
    size: number,
  ) => {
    const at = index * 128;
    const nameBytes = Buffer.from(`${name}\0`, 'utf16le');
    nameBytes.copy(directory, at);
    directory.writeUInt16LE(nameBytes.length, at + 64);
    directory.writeUInt8(type, at + 66);
    directory.writeUInt8(1, at + 67);
    directory.writeUInt32LE(FREE, at + 68);
    directory.writeUInt32LE(right, at + 72);
    directory.writeUInt32LE(child, at + 76);
    directory.writeUInt32LE(start, at + 116);
    directory.writeUInt32LE(size, at + 120);
  };
  writeEntry(0, 'Root Entry', 5, entries.length ? 1 : FREE, FREE, END, 0);
  entries.forEach((entry, index) =>
    writeEntry(
      index + 1,
      entry.name,
      2,
      FREE,
      index + 1 < entries.length ? index + 2 : FREE,
      starts[index],
      entry.size,
    ),
  );
  for (let index = entries.length + 1; index < 4; index++) {
    directory.writeUInt32LE(FREE, index * 128 + 68);
    directory.writeUInt32LE(FREE, index * 128 + 72);
    directory.writeUInt32LE(FREE, index * 128 + 76);
  }
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(END, 60);
  header.writeUInt32LE(END, 68);
  for (let at = 76; at < SECTOR; at += 4) header.writeUInt32LE(FREE, at);
  header.writeUInt32LE(0, 76); // the FAT is sector 0
  return Buffer.concat([header, fatSector, directory, ...entries.map((entry) => entry.data)]);
}

/**
 * A minimal Word 97 document: a FIB naming the 1Table stream, one piece of 8-bit text at 0x800 of
 * the WordDocument stream (paragraphs end with \r, as Word writes them), and its piece table.
 */
function wordDocument(paragraphs: string[]): Buffer {
  const text = Buffer.from(`${paragraphs.join('\r')}\r`, 'latin1');
  const TEXT_AT = 0x800;
  const fib = Buffer.alloc(TEXT_AT + text.length);
  fib.writeUInt16LE(0xa5ec, 0);
  fib.writeUInt16LE(0x00c1, 2); // nFib: Word 97
  fib.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table is 1Table
  fib.writeUInt32LE(TEXT_AT, 0x18);
  fib.writeUInt32LE(text.length, 0x4c); // ccpText
  const table = Buffer.alloc(1 + 4 + 8 + 8);
  table.writeUInt8(2, 0); // Pcdt
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt32LE((TEXT_AT * 2) | 0x40000000, 15); // compressed (8-bit) text at TEXT_AT
  fib.writeUInt32LE(0, 0x1a2); // fcClx
  fib.writeUInt32LE(table.length, 0x1a6); // lcbClx
  text.copy(fib, TEXT_AT);
  return compoundFile({ WordDocument: fib, '1Table': table });
}

async function used(ctx: TestApp, who: AuthResponse, feature: UsageFeature): Promise<number> {
  return usedIn(ctx.databaseUrl, who.user.id, feature, thisMonth());
}

async function setUsed(ctx: TestApp, who: AuthResponse, feature: UsageFeature, amount: number) {
  await sql(
    ctx.databaseUrl,
    `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT (user_id, period, feature) DO UPDATE SET used = EXCLUDED.used`,
    [who.user.id, thisMonth(), feature, amount],
  );
}

function upload(
  app: INestApplication,
  who: AuthResponse,
  bytes: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const call = request(app.getHttpServer()).post('/api/enhancements/upload').set(bearer(who));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  return call.attach('file', bytes, { filename, contentType });
}

/** Polls the upload until its extraction ends; answers it with every progress value seen. */
async function extracted(
  app: INestApplication,
  who: AuthResponse,
  id: string,
  timeoutMs = 30_000,
): Promise<{ record: UploadRecord; seen: number[] }> {
  const seen: number[] = [];
  const record = await eventually(
    async () => {
      const response = await request(app.getHttpServer())
        .get(`/api/enhancements/uploads/${id}`)
        .set(bearer(who))
        .expect(200);
      const body = response.body as UploadRecord;
      seen.push(body.extraction.progress);
      return body.extraction.status === 'done' || body.extraction.status === 'failed' ? body : undefined;
    },
    timeoutMs,
    50,
  );
  return { record, seen };
}

async function passagesOf(ctx: TestApp, uploadId: string): Promise<string> {
  const rows = await sql<{ text: string | null }>(
    ctx.databaseUrl,
    `SELECT string_agg(content, ' ' ORDER BY ordinal) AS text FROM upload_passages WHERE upload_id = $1`,
    [uploadId],
  );
  return rows[0].text ?? '';
}

/** The uploads being received (each removed once its request is answered). */
const receivingIn = (ctx: TestApp) => {
  const dir = join(ctx.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Writes `size` bytes starting with `head` (then zeros), a megabyte at a time. */
async function writeBigFile(path: string, head: Buffer, size: number): Promise<void> {
  const out = createWriteStream(path);
  const block = Buffer.alloc(1024 * 1024);
  head.copy(block);
  for (let left = size, first = true; left > 0; left -= block.length, first = false) {
    const chunk = first ? block : Buffer.alloc(Math.min(left, block.length));
    if (!out.write(chunk.subarray(0, Math.min(left, block.length))))
      await new Promise<void>((drained) => out.once('drain', () => drained()));
  }
  await new Promise<void>((closed, failed) => out.end(() => closed()).on('error', failed));
}

/** The client of postStreamed, in its own process so its buffers never count in this one. */
const STREAMING_CLIENT = `
const [url, token, path, name] = process.argv.slice(1);
const boundary = 'kasa-upload-boundary';
const call = require('node:http').request(url, {
  method: 'POST',
  headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary },
});
call.on('response', (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => console.log(JSON.stringify({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks)) })));
});
call.on('error', (error) => console.log(JSON.stringify({ status: 0, body: { error: error.message } })));
call.write('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="' + name + '"\\r\\nContent-Type: image/png\\r\\n\\r\\n');
const file = require('node:fs').createReadStream(path);
file.on('end', () => call.end('\\r\\n--' + boundary + '--\\r\\n'));
file.pipe(call, { end: false });
`;

async function postStreamed(
  baseUrl: string,
  who: AuthResponse,
  path: string,
  name: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { stdout } = await execFileAsync(process.execPath, [
    '-e',
    STREAMING_CLIENT,
    `${baseUrl}/api/enhancements/upload`,
    who.token,
    path,
    name,
  ]);
  return JSON.parse(stdout) as { status: number; body: Record<string, unknown> };
}

interface TypeCase {
  label: string;
  make: () => Promise<Buffer> | Buffer;
  filename: string;
  /** The name it is stored under: with the extension of the type its bytes showed. */
  storedName?: string;
  declared: string;
  mimeType: string;
  method: string;
  words: RegExp[];
}

const CASES: TypeCase[] = [
  {
    label: 'a PDF with text',
    make: () => textPdf(['Groundnut rotation improves soil nitrogen.', 'Second page about sorghum yields.']),
    filename: 'notes.pdf',
    declared: 'application/pdf',
    mimeType: 'application/pdf',
    method: 'pdf',
    words: [/Groundnut rotation/, /sorghum yields/],
  },
  {
    label: 'a DOCX',
    make: () => docxFile(['Cooperative meeting minutes.', 'Fertiliser order for the millet fields.']),
    filename: 'minutes.docx',
    declared: DOCX_TYPE,
    mimeType: DOCX_TYPE,
    method: 'docx',
    words: [/Cooperative meeting minutes/, /millet fields/],
  },
  {
    label: 'a DOC (Word 97)',
    make: () => wordDocument(['Sesame drying racks.', 'Shea butter pricing for the cooperative.']),
    filename: 'old report.doc',
    declared: 'application/msword',
    mimeType: 'application/msword',
    method: 'doc',
    words: [/Sesame drying racks/, /Shea butter pricing/],
  },
  {
    label: 'a scanned PDF (OCR, page by page)',
    make: () => scannedPdf([['Irrigation schedule'], ['Tomato seedlings']]),
    filename: 'scan.pdf',
    declared: 'application/pdf',
    mimeType: 'application/pdf',
    method: 'ocr',
    words: [/Irrigation/i, /schedule/i, /Tomato/i, /seedlings/i],
  },
  {
    label: 'a photo of text named .txt (OCR)',
    make: () => textPng(['Cassava harvest notebook', 'Plant maize after rains']),
    filename: 'photo.txt',
    storedName: 'photo.png',
    declared: 'text/plain',
    mimeType: 'image/png',
    method: 'ocr',
    words: [/Cassava/i, /harvest/i, /maize/i, /rains/i],
  },
  {
    label: "a phone's photo of a page: tilted, uneven light, noise, JPEG (OCR)",
    make: () => phonePhotoJpeg(['Soil test results', 'Add compost before planting']),
    filename: 'IMG_2041.jpg',
    declared: 'image/jpeg',
    mimeType: 'image/jpeg',
    method: 'ocr',
    words: [/Soil/i, /results/i, /compost/i, /planting/i],
  },
  {
    label: 'plain text',
    make: () => Buffer.from('Beans need well drained soil.\n\nWater them in the morning. Été sec.'),
    filename: 'tips',
    storedName: 'tips.txt',
    declared: 'application/octet-stream',
    mimeType: 'text/plain',
    method: 'text',
    words: [/well drained soil/, /Été sec/],
  },
  {
    label: 'CSV',
    make: () => Buffer.from('crop;hectares;yield\nmaize;2;3.1\ncassava;1;9.5\n'),
    filename: 'yields.csv',
    declared: 'text/csv',
    mimeType: 'text/csv',
    method: 'text',
    words: [/cassava;1;9.5/],
  },
  {
    label: 'JSON',
    make: () => Buffer.from(JSON.stringify({ crop: 'yam', prices: [1200, 1350] })),
    filename: 'prices',
    storedName: 'prices.json',
    declared: 'application/octet-stream',
    mimeType: 'application/json',
    method: 'text',
    words: [/"crop":"yam"/],
  },
];

describe.each<QueueBackend>(['postgres', 'redis'])('uploads with the queue on %s', (queue) => {
  let ctx: TestApp;
  const http = () => request(ctx.app.getHttpServer());
  const newUser = () => registerUser(ctx.app, { prefix: 'upl' });

  beforeAll(async () => {
    ctx = await createTestApp(`uploads_${queue}`, { queue, config: { rateLimits: GENEROUS_RATE_LIMITS } });
  });
  afterAll(() => ctx?.close());

  it.each(CASES)('accepts $label by its content and reads its text', async (type) => {
    const user = await newUser();
    const response = await upload(ctx.app, user, await type.make(), type.filename, type.declared).expect(201);
    const record = response.body as UploadRecord;
    expect(record).toMatchObject({ originalName: type.storedName ?? type.filename, mimeType: type.mimeType });
    expect(['pending', 'running', 'done']).toContain(record.extraction.status);
    const { record: done, seen } = await extracted(ctx.app, user, record.id);
    expect(done.extraction).toMatchObject({
      status: 'done',
      progress: 100,
      method: type.method,
      error: null,
    });
    expect(seen.every((value, index) => index === 0 || value >= seen[index - 1])).toBe(true);
    const text = await passagesOf(ctx, record.id);
    for (const word of type.words) expect(text).toMatch(word);
    expect(done.extraction.characters).toBeGreaterThan(10);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(1);
    expect(receivingIn(ctx)).toEqual([]);
  });

  it('refuses disguised and unknown files with the exact 415, charging nothing', async () => {
    const user = await newUser();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2000, 7)]);
    const zip = zipFile(['xl/workbook.xml', '[Content_Types].xml']);
    const excel = compoundFile({ Workbook: Buffer.alloc(5000, 1) });
    const binary = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x41]);
    const invalidUtf8 = Buffer.from([0x48, 0x69, 0xc3, 0x28, 0x0a]);
    for (const [bytes, name] of [
      [exe, 'report.pdf'],
      [zip, 'invoice.pdf'],
      [excel, 'budget.doc'],
      [binary, 'data.txt'],
      [invalidUtf8, 'latin.txt'],
    ] as const) {
      const refused = await upload(ctx.app, user, bytes, name, 'application/pdf').expect(415);
      expect(refused.body).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED', message: invalidType(name) });
    }
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
    const list = await http().get('/api/enhancements/uploads').set(bearer(user)).expect(200);
    expect(list.body).toEqual([]);
    expect(receivingIn(ctx)).toEqual([]);
  });

  it('tells a DOC by its WordDocument stream, and fails a damaged document with a clear reason', async () => {
    const user = await newUser();
    const doc = compoundFile({ WordDocument: Buffer.alloc(5000, 3) });
    const accepted = await upload(ctx.app, user, doc, 'old').expect(201);
    expect(accepted.body).toMatchObject({ mimeType: 'application/msword', originalName: 'old.doc' });
    const damagedPdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a pdf at all\n');
    const pdf = await upload(ctx.app, user, damagedPdf, 'broken.pdf', 'application/pdf').expect(201);
    for (const id of [accepted.body.id as string, pdf.body.id as string]) {
      const { record } = await extracted(ctx.app, user, id);
      expect(record.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_EXTRACTION_FAILED' });
      expect(record.extraction.error).toMatch(/could not be read/);
      expect(await passagesOf(ctx, id)).toBe('');
    }
    // The upload itself stays, and counts.
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(2);
  });

  it('answers 400 for no file, an empty file or a bad conversationId', async () => {
    const user = await newUser();
    const none = await http()
      .post('/api/enhancements/upload')
      .set(bearer(user))
      .field('conversationId', user.user.id)
      .expect(400);
    expect(none.body.code).toBe('UPLOAD_FILE_MISSING');
    const empty = await upload(ctx.app, user, Buffer.alloc(0), 'empty.txt').expect(400);
    expect(empty.body.code).toBe('UPLOAD_FILE_MISSING');
    const bad = await upload(ctx.app, user, Buffer.from('hello'), 'a.txt', 'text/plain', {
      conversationId: 'nope',
    }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    await http().post('/api/enhancements/upload').set(bearer(user)).send({ file: 'x' }).expect(415);
    await http().post('/api/enhancements/upload').attach('file', Buffer.from('hi'), 'a.txt').expect(401);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
  });

  it("keeps uploads to their owner: others' ids are 404, a malformed id 400, the list newest first", async () => {
    const owner = await newUser();
    const other = await newUser();
    const first = await upload(ctx.app, owner, Buffer.from('first file'), 'one.txt').expect(201);
    const second = await upload(ctx.app, owner, Buffer.from('second file'), 'two.txt').expect(201);
    const mine = await http()
      .get(`/api/enhancements/uploads/${first.body.id}`)
      .set(bearer(owner))
      .expect(200);
    expect(mine.body).toMatchObject({
      id: first.body.id,
      originalName: 'one.txt',
      size: 10,
      mimeType: 'text/plain',
    });
    const theirs = await http()
      .get(`/api/enhancements/uploads/${first.body.id}`)
      .set(bearer(other))
      .expect(404);
    expect(theirs.body.code).toBe('UPLOAD_NOT_FOUND');
    const malformed = await http().get('/api/enhancements/uploads/not-a-uuid').set(bearer(owner)).expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    const list = await http().get('/api/enhancements/uploads').set(bearer(owner)).expect(200);
    expect((list.body as UploadRecord[]).map((each) => each.id)).toEqual([second.body.id, first.body.id]);
    expect((await http().get('/api/enhancements/uploads').set(bearer(other)).expect(200)).body).toEqual([]);

    // Another user's conversation is a 404 before anything is charged.
    const chat = await http().post('/api/chat').set(bearer(other)).send({ message: 'Hello' }).expect(200);
    const theirConversation = /"conversationId":"([^"]+)"/.exec(chat.text)![1];
    const refused = await upload(ctx.app, owner, Buffer.from('x y z'), 'x.txt', 'text/plain', {
      conversationId: theirConversation,
    }).expect(404);
    expect(refused.body.code).toBe('CHAT_CONVERSATION_NOT_FOUND');
    expect(await used(ctx, owner, 'audioUploadsPerMonth')).toBe(2);
  });

  it('counts one upload per file and answers the usage-limit 429 past the limit', async () => {
    const user = await newUser();
    await setUsed(ctx, user, 'audioUploadsPerMonth', 4);
    await upload(ctx.app, user, Buffer.from('the fifth file'), 'five.txt').expect(201);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(5);
    const refused = await upload(ctx.app, user, Buffer.from('the sixth file'), 'six.txt').expect(429);
    expect(refused.body).toEqual({
      error: 'Usage limit exceeded',
      feature: 'audioUploadsPerMonth',
      current: 5,
      limit: 5,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(5);
    const list = await http().get('/api/enhancements/uploads').set(bearer(user)).expect(200);
    expect(list.body).toHaveLength(1);
  });

  it('finds an uploaded PDF as local knowledge and as a chat attachment, for its owner only', async () => {
    const owner = await newUser();
    const other = await newUser();
    const pdf = await textPdf(['The baobab nursery needs shade netting before transplanting.']);
    const sent = await upload(ctx.app, owner, pdf, 'Baobab guide.pdf', 'application/pdf').expect(201);
    await extracted(ctx.app, owner, sent.body.id as string);
    const knowledge = ctx.app.get(KnowledgeSearchService);
    expect(knowledge.sourceNames).toContain('uploads');
    expect(knowledge.sourceDescriptions('fr')).toContain('vos fichiers envoyés');
    const hits = await knowledge.search({ text: 'baobab nursery shade', userId: owner.user.id, limit: 5 });
    expect(hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'uploads',
          title: 'Baobab guide.pdf',
          excerpt: expect.stringMatching(/baobab nursery/i),
        }),
      ]),
    );
    const strangers = await knowledge.search({
      text: 'baobab nursery shade',
      userId: other.user.id,
      limit: 5,
    });
    expect(strangers.filter((hit) => hit.source === 'uploads')).toEqual([]);

    const source = ctx.app.get(ChatAttachmentsRegistry).get('upload')!;
    const [resolved] = await source.resolve(owner.user.id, [sent.body.id as string, other.user.id]);
    expect(resolved).toMatchObject({
      type: 'upload',
      name: 'Baobab guide.pdf',
      mimeType: 'application/pdf',
      textStatus: 'done',
    });
    expect(await source.resolve(other.user.id, [sent.body.id as string])).toEqual([]);
    const whole = await source.text(owner.user.id, sent.body.id as string, 'shade', 10_000);
    expect(whole).toEqual({ text: expect.stringMatching(/shade netting/), complete: true });
    expect(await source.text(other.user.id, sent.body.id as string, 'shade', 10_000)).toEqual({
      text: '',
      complete: true,
    });
  });

  it('sends the passages relevant to the question when a long document does not fit', async () => {
    const user = await newUser();
    const filler = (topic: string) =>
      Array.from(
        { length: 12 },
        (_, i) => `${topic} paragraph ${i}: ${'words about the weather and markets. '.repeat(8)}`,
      ).join('\n\n');
    const text = `${filler('Opening')}\n\nThe secret ingredient for the compost is wood ash.\n\n${filler('Closing')}`;
    const sent = await upload(ctx.app, user, Buffer.from(text), 'long.txt').expect(201);
    await extracted(ctx.app, user, sent.body.id as string);
    const source = ctx.app.get(ChatAttachmentsRegistry).get('upload')!;
    const picked = await source.text(
      user.user.id,
      sent.body.id as string,
      'What is the compost ingredient?',
      2000,
    );
    expect(picked.complete).toBe(false);
    expect(picked.text.length).toBeLessThanOrEqual(2000);
    expect(picked.text).toMatch(/wood ash/);
    const start = await source.text(user.user.id, sent.body.id as string, '???', 2000);
    expect(start.text).toMatch(/^Opening paragraph 0/);
  });

  it("removes a conversation's uploads and their passages with the conversation", async () => {
    const user = await newUser();
    const chat = await http().post('/api/chat').set(bearer(user)).send({ message: 'Hello' }).expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(chat.text)![1];
    const sent = await upload(
      ctx.app,
      user,
      Buffer.from('Okra spacing is forty centimetres.'),
      'okra.txt',
      'text/plain',
      {
        conversationId,
      },
    ).expect(201);
    await extracted(ctx.app, user, sent.body.id as string);
    expect(await passagesOf(ctx, sent.body.id as string)).toMatch(/Okra/);
    await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(204);
    await http().get(`/api/enhancements/uploads/${sent.body.id}`).set(bearer(user)).expect(404);
    const rows = await sql(ctx.databaseUrl, 'SELECT 1 FROM upload_passages WHERE upload_id = $1', [
      sent.body.id,
    ]);
    expect(rows).toEqual([]);
  });

  if (queue === 'postgres')
    it('refuses 50 MB + 1 byte with the exact 413, and streams a 50 MB upload without holding it', async () => {
      const user = await newUser();
      const dir = await mkdtemp(join(tmpdir(), 'kasa-upload-test-'));
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const baseUrl = await listen(ctx.app);
      try {
        const over = join(dir, 'over.png');
        await writeBigFile(over, png, UPLOAD_MAX_BYTES + 1);
        const refused = await postStreamed(baseUrl, user, over, 'huge photo.png');
        expect(refused).toEqual({
          status: 413,
          body: expect.objectContaining({
            code: 'UPLOAD_TOO_LARGE',
            message: 'File too large: huge photo.png. Maximum size is 50MB.',
          }),
        });
        await rm(over);
        expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);

        const exact = join(dir, 'exact.png');
        await writeBigFile(exact, png, UPLOAD_MAX_BYTES);
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
        const accepted = await postStreamed(baseUrl, user, exact, 'exact.png').finally(() =>
          clearInterval(sampler),
        );
        peak = Math.max(peak, process.memoryUsage().rss);
        const growth = peak - before;
        console.log(
          `50 MB upload: RSS growth ${(growth / 1024 / 1024).toFixed(1)} MB (peak over the request)`,
        );
        expect(accepted).toMatchObject({
          status: 201,
          body: { size: UPLOAD_MAX_BYTES, mimeType: 'image/png' },
        });
        expect(growth).toBeLessThan(UPLOAD_MAX_BYTES / 2);
        expect(receivingIn(ctx)).toEqual([]);
        // Not a real picture: its OCR fails, the upload stays.
        const { record } = await extracted(ctx.app, user, accepted.body.id as string, 60_000);
        expect(record.extraction.status).toBe('failed');
        expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 120_000); // 150 MB written and sent: room for a busy machine
});

describe('uploads on a server without OCR programs', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('uploads_no_ocr', {
      queue: 'postgres',
      env: { TESSERACT_BIN: '/nonexistent/tesseract', PDFTOPPM_BIN: '/nonexistent/pdftoppm' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(() => ctx?.close());

  it('keeps the upload and fails its extraction: OCR "not available on this server", no package or variable named', async () => {
    const user = await registerUser(ctx.app, { prefix: 'upl' });
    const photo = await upload(ctx.app, user, textPng(['Millet']), 'millet.png', 'image/png').expect(201);
    const scan = await upload(
      ctx.app,
      user,
      await scannedPdf([['Millet']]),
      'scan.pdf',
      'application/pdf',
    ).expect(201);
    const ocr = await extracted(ctx.app, user, photo.body.id as string);
    expect(ocr.record.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_OCR_UNAVAILABLE' });
    expect(ocr.record.extraction.error).toBe('Text recognition is not available on this server.');
    expect(JSON.stringify(ocr.record)).not.toMatch(/tesseract-ocr|TESSERACT_BIN/);
    const pdf = await extracted(ctx.app, user, scan.body.id as string);
    expect(pdf.record.extraction).toMatchObject({ status: 'failed', code: 'UPLOAD_OCR_UNAVAILABLE' });
    expect(pdf.record.extraction.error).toBe('Text recognition is not available on this server.');
    expect(JSON.stringify(pdf.record)).not.toMatch(/poppler-utils|PDFTOPPM_BIN/);
    // A text document needs no OCR.
    const text = await upload(ctx.app, user, Buffer.from('Millet threshing'), 'millet.txt').expect(201);
    expect((await extracted(ctx.app, user, text.body.id as string)).record.extraction.status).toBe('done');
  });
});
