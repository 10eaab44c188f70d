import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The repository ships the open lexicon data (data/lexicon) so that a clone has it. The copy must
 * be the shared data, unchanged: compared byte for byte with ../shared/data/lexicon (or
 * LEXICON_REFERENCE_DIR), and always with the checksums recorded beside it (SHA256SUMS).
 */
const repoRoot = resolve(__dirname, '..', '..');
const shipped = join(repoRoot, 'data', 'lexicon');
const reference = process.env.LEXICON_REFERENCE_DIR ?? resolve(repoRoot, '..', 'shared', 'data', 'lexicon');
const FILES = ['lexemes.csv', 'languages.csv', 'languages_picker.csv', 'LICENSE-NOTES.md'];

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the shipped lexicon data (data/lexicon)', () => {
  it('matches its recorded checksums', () => {
    const sums = readFileSync(join(shipped, 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/));
    expect(sums.map(([, file]) => file).sort()).toEqual([...FILES].sort());
    for (const [sum, file] of sums) expect(`${file} ${sha256(join(shipped, file))}`).toBe(`${file} ${sum}`);
  });

  it('is the shared data, unchanged (the reference folder must exist beside the repository)', () => {
    expect(existsSync(reference) ? reference : `missing: ${reference}`).toBe(reference);
    for (const file of FILES)
      expect(`${file} ${sha256(join(shipped, file))}`).toBe(`${file} ${sha256(join(reference, file))}`);
  });

  it('carries a NOTICE naming every source, its licence and its citation', () => {
    const notice = readFileSync(join(shipped, 'NOTICE'), 'utf8');
    for (const needle of [
      'CC BY 4.0',
      'Glottolog 5.1',
      'Hammarström',
      'Numeral Systems of the World',
      'Chan, Eugene',
      'Polyglotta Africana',
      'Koelle',
      'ASJP',
      'Wichmann',
      'not spelling',
      '1854 transcription',
    ])
      expect(notice).toContain(needle);
  });
});
