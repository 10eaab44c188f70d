import fc from 'fast-check';
import { normalizeUsername } from './normalize-username';

describe('normalizeUsername', () => {
  it.each([
    ['LockVictim', 'lockvictim'],
    ['ｌｏｃｋｖｉｃｔｉｍ', 'lockvictim'], // full-width letters
    ['ＬＯＣＫ＿ｖｉｃｔｉｍ', 'lock_victim'],
    ['STRASSE', 'strasse'],
    ['straße', 'strasse'],
    ['STRAẞE', 'strasse'], // capital sharp s
    ['\u212Aasa', 'kasa'], // Kelvin sign
    ['ﬁlip', 'filip'], // ligature
    ['lockv\u0131ctim', 'lockvictim'], // dotless ı upper-cases to I
  ])('%j → %j', (input, expected) => {
    expect(normalizeUsername(input)).toBe(expected);
  });

  it('keeps İ apart from i: its case fold is i + combining dot, never the plain i', () => {
    expect(normalizeUsername('lockvİctim')).toBe('lockvi\u0307ctim');
    expect(normalizeUsername('lockvİctim')).not.toBe(normalizeUsername('lockvictim'));
  });

  it('composes combining marks, so both spellings of an accent are one name', () => {
    expect(normalizeUsername('jose\u0301')).toBe(normalizeUsername('JOSÉ'));
    expect(normalizeUsername('jose\u0301')).toBe('jos\u00e9');
    expect(normalizeUsername('jose\u0301')).not.toBe('jose');
  });

  it('is plain ASCII lower-casing for every name registration accepts', () => {
    const registrable = fc.stringMatching(/^[A-Za-z0-9_.-]{3,32}$/);
    fc.assert(fc.property(registrable, (name) => normalizeUsername(name) === name.toLowerCase()));
  });

  it('is stable: normalising twice changes nothing', () => {
    const tricky = fc
      .array(fc.constantFrom(...'aAiIİıßẞsSkK\u212A\u0307\u0301\u0345ΣσςﬁǅǄΐｌＬ＿'), { maxLength: 10 })
      .map((chars) => chars.join(''));
    for (const names of [fc.string({ unit: 'binary', maxLength: 16 }), tricky]) {
      fc.assert(
        fc.property(names, (name) => normalizeUsername(normalizeUsername(name)) === normalizeUsername(name)),
        { numRuns: 2000 },
      );
    }
  });
});
