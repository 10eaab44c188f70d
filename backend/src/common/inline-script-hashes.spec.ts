import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptHashes } from './inline-script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kasa-csp-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes each inline script body exactly, and skips external and empty scripts', () => {
    const theme =
      "try{if(localStorage.getItem('kasa-theme')==='mono')document.documentElement.dataset.theme='mono'}catch(e){}";
    const file = join(dir, 'index.html');
    writeFileSync(
      file,
      `<html><head><script>${theme}</script><script defer src="/main.js"></script><script> </script>` +
        `<script type="module">\nconsole.log(1)\n</script></head></html>`,
    );
    expect(inlineScriptHashes(file)).toEqual([sha(theme), sha('\nconsole.log(1)\n')]);
  });

  it('gives nothing when the page is not built', () => {
    expect(inlineScriptHashes(join(dir, 'missing.html'))).toEqual([]);
  });
});
