import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectUploadType, isJson, looksLikeCsv, typeByMagic } from './detect-upload-type';

describe('typeByMagic', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('GIF87a')], 'image/gif'],
    [[...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('%PDF-1.7\n')], 'application/pdf'],
    [[...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WAVEfmt ')], null],
    [[...Buffer.from('MZ')], null],
    [[...Buffer.from('hello')], null],
  ])('%j is %s', (bytes, type) => {
    expect(typeByMagic(Buffer.from(bytes))).toBe(type);
  });
});

describe('text kinds', () => {
  it('calls an object or an array JSON, never a lone value or broken JSON', () => {
    expect(isJson(' {"a": [1, 2]} \n')).toBe(true);
    expect(isJson('[1, 2]')).toBe(true);
    expect(isJson('42')).toBe(false);
    expect(isJson('"text"')).toBe(false);
    expect(isJson('{"a": 1')).toBe(false);
  });

  it('calls text CSV when its first lines keep one column count', () => {
    expect(looksLikeCsv('a,b,c\n1,2,3\n4,5,6\n')).toBe(true);
    expect(looksLikeCsv('name;town\n"Ngozi; Ada";Enugu\nAmina;Kano')).toBe(true);
    expect(looksLikeCsv('x\ty\n1\t2')).toBe(true);
    expect(looksLikeCsv('a,b,c\n1,2\n')).toBe(false);
    expect(looksLikeCsv('Plant maize, then beans.\nWater in the morning.')).toBe(false);
    expect(looksLikeCsv('one line, only')).toBe(false);
  });
});

describe('detectUploadType', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kasa-detect-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const detect = async (bytes: Buffer | string) => {
    const path = join(dir, `f${Math.random()}`);
    await writeFile(path, bytes);
    return detectUploadType(path);
  };

  it('reads text as UTF-8 (a BOM allowed), refusing NUL bytes and invalid sequences', async () => {
    expect(await detect('\uFEFFBonjour, été')).toBe('text/plain');
    expect(await detect('{"crop": "maize"}')).toBe('application/json');
    expect(await detect('a,b\n1,2\n')).toBe('text/csv');
    expect(await detect(Buffer.from('abc\0def'))).toBeNull();
    expect(await detect(Buffer.from([0x61, 0xe9, 0x62]))).toBeNull(); // Latin-1 é
    expect(await detect(Buffer.from([0x61, 0xe2, 0x82]))).toBeNull(); // cut mid-character
    expect(await detect(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a ZIP without word/document.xml and an OLE2 file without a WordDocument stream', async () => {
    expect(
      await detect(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)])),
    ).toBeNull();
    expect(
      await detect(
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
      ),
    ).toBeNull();
  });
});
