import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalFileStorage } from './local-file-storage';
import { newStorageKey } from './storage-key';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kasa-files-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const filesOnDisk = () =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  it('leaves nothing, not even a temporary file, when the stream fails halfway', async () => {
    const key = newStorageKey();
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put(key, failing, 'audio/wav')).rejects.toThrow('connection lost');
    expect(await storage.exists(key)).toBe(false);
    expect(filesOnDisk()).toEqual([]);
  });

  it('writes under <root>/<key> and replaces atomically', async () => {
    const key = newStorageKey();
    expect(await storage.put(key, Buffer.from('one'), 'text/plain')).toEqual({ size: 3 });
    expect(await storage.put(key, Buffer.from('second'), 'text/plain')).toEqual({ size: 6 });
    expect(filesOnDisk()).toEqual([key.split('/')[1]]);
  });

  it('refuses keys it did not make, so nothing escapes the folder', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});
