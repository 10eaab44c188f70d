import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../../config';
import { WorkerThreadsService } from '../../../worker-threads';
import { detectUploadType, typeByMagic } from './detect-upload-type';

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

describe('detectUploadType', () => {
  let dir: string;
  const threads = new WorkerThreadsService({
    threads: { size: 1, maxMemoryMb: 128, maxQueue: 10 },
  } as AppConfig);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kasa-detect-'));
  });
  afterAll(async () => {
    await threads.onModuleDestroy();
    await rm(dir, { recursive: true, force: true });
  });

  const detect = async (bytes: Buffer | string) => {
    const path = join(dir, `f${Math.random()}`);
    await writeFile(path, bytes);
    return detectUploadType(path, threads);
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

  it('calls text only printable text: control bytes, markup and scripts are refused', async () => {
    expect(await detect('Line one\tcolumn\r\nPage two\fend\n')).toBe('text/plain');
    expect(
      await detect(Buffer.concat([Buffer.from('MZ'), Buffer.from([0x01, 0x02, 0x1b, 0x7f])])),
    ).toBeNull();
    expect(await detect(`Title\n${'text '.repeat(300_000)}\u0008`)).toBeNull(); // past the first megabyte
    expect(await detect('caf\u0085e')).toBeNull(); // a C1 control
    expect(await detect('  <!DOCTYPE html><html><body>hi</body></html>')).toBeNull();
    expect(await detect('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>')).toBeNull();
    expect(await detect('<?xml version="1.0"?>\n<svg/>')).toBeNull();
    expect(await detect('\uFEFF<html>')).toBeNull();
    expect(await detect('#!/bin/sh\nrm -rf /\n')).toBeNull();
    expect(await detect('<3 my farm, and x < y > z')).toBe('text/plain');
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
