import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepTempFiles, type TempLocation } from './temp-sweep';

const HOUR = 3600_000;

describe('sweepTempFiles', () => {
  let root: string;
  const old = new Date(Date.now() - 10 * HOUR);
  const aged = (path: string) => utimesSync(path, old, old);

  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'kasa-sweep-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('removes old files matching the pattern, fresh ones and other names stay', async () => {
    const location: TempLocation = { owner: 'test', dir: root, name: /\.tmp$/, kind: 'file' };
    for (const name of ['old.tmp', 'fresh.tmp', 'old.zip']) writeFileSync(join(root, name), 'x');
    aged(join(root, 'old.tmp'));
    aged(join(root, 'old.zip'));
    expect(await sweepTempFiles([location], 6 * HOUR)).toEqual([join(root, 'old.tmp')]);
    expect(existsSync(join(root, 'fresh.tmp'))).toBe(true);
    expect(existsSync(join(root, 'old.zip'))).toBe(true);
  });

  it('looks `depth` folders down, and only there', async () => {
    mkdirSync(join(root, 'ab'));
    writeFileSync(join(root, 'top.tmp'), 'x');
    writeFileSync(join(root, 'ab', 'deep.tmp'), 'x');
    aged(join(root, 'top.tmp'));
    aged(join(root, 'ab', 'deep.tmp'));
    const removed = await sweepTempFiles(
      [{ owner: 'test', dir: root, name: /\.tmp$/, kind: 'file', depth: 1 }],
      6 * HOUR,
    );
    expect(removed).toEqual([join(root, 'ab', 'deep.tmp')]);
    expect(existsSync(join(root, 'top.tmp'))).toBe(true);
  });

  it('removes an old folder with its contents, unless something in it is recent', async () => {
    const location: TempLocation = { owner: 'test', dir: root, name: /^work-/, kind: 'folder' };
    for (const name of ['work-old', 'work-busy']) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'page.png'), 'x');
      aged(join(root, name));
    }
    aged(join(root, 'work-old', 'page.png'));
    expect(await sweepTempFiles([location], 6 * HOUR)).toEqual([join(root, 'work-old')]);
    expect(existsSync(join(root, 'work-busy', 'page.png'))).toBe(true);
  });

  it('never follows a symbolic link or takes a file of the wrong kind', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'kasa-sweep-target-'));
    try {
      writeFileSync(join(elsewhere, 'precious'), 'x');
      symlinkSync(elsewhere, join(root, 'work-link'));
      writeFileSync(join(root, 'work-file'), 'x');
      aged(join(root, 'work-file'));
      const removed = await sweepTempFiles(
        [{ owner: 'test', dir: root, name: /^work-/, kind: 'folder' }],
        0,
        Date.now() + HOUR,
      );
      expect(removed).toEqual([]);
      expect(existsSync(join(elsewhere, 'precious'))).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a location that does not exist is nothing to sweep', async () => {
    await expect(
      sweepTempFiles([{ owner: 'test', dir: join(root, 'none'), name: /./, kind: 'file' }], HOUR),
    ).resolves.toEqual([]);
  });
});
