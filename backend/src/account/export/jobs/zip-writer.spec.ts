import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { LocalFileStorage } from '../../../files/storage/local-file-storage';
import { newStorageKey } from '../../../files/storage/storage-key';
import { ZipWriter } from './zip-writer';

describe('ZipWriter', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kasa-zip-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [entry.name],
    );

  it('streams entries one by one into one stored ZIP, deflated or stored as asked', async () => {
    const key = newStorageKey();
    const zip = new ZipWriter(storage, key);
    const media = Buffer.alloc(50_000, 7);
    await zip.add('account.json', '{"a":1}\n');
    await zip.add('files/image/x.png', Readable.from([media.subarray(0, 20_000), media.subarray(20_000)]), {
      store: true,
    });
    const { size } = await zip.finish();
    const object = await storage.get(key);
    expect(object?.size).toBe(size);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    const unzipped = await JSZip.loadAsync(Buffer.concat(chunks));
    expect(await unzipped.file('account.json')!.async('string')).toBe('{"a":1}\n');
    expect(Buffer.from(await unzipped.file('files/image/x.png')!.async('uint8array')).equals(media)).toBe(
      true,
    );
    // Stored, not deflated: the ZIP is at least as big as the picture.
    expect(size).toBeGreaterThan(media.length);
  });

  it('leaves nothing in storage when given up halfway', async () => {
    const key = newStorageKey();
    const zip = new ZipWriter(storage, key);
    await zip.add('account.json', '{}');
    await zip.abort();
    expect(await storage.exists(key)).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });

  it('fails, storing nothing, when a source stream breaks', async () => {
    const key = newStorageKey();
    const zip = new ZipWriter(storage, key);
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk read failed'));
      },
    });
    await expect(zip.add('files/upload/a.pdf', broken)).rejects.toThrow('disk read failed');
    await zip.abort();
    expect(await storage.exists(key)).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });
});
