import fc from 'fast-check';
import { findUnsafeText, isSafeText } from './text-safety';

describe('isSafeText', () => {
  it.each([
    ['plain ASCII', 'maize'],
    ['accents and dotted capital I', 'Café İstanbul ça'],
    ['CJK', '玉米价格'],
    ['emoji surrogate pairs and ZWJ sequences', '🌽👩🏾‍🌾'],
    ['empty', ''],
  ])('accepts %s', (_label, text) => expect(isSafeText(text)).toBe(true));

  it.each([
    ['a NUL byte', 'ab\u0000c'],
    ['a lone high surrogate at the end', 'abc\ud83d'],
    ['a lone high surrogate before a letter', '\ud83dabc'],
    ['a lone low surrogate', 'a\udc00b'],
    ['two high surrogates', '\ud83d\ud83d\udc00'],
    ['a reversed pair', '\udf3d\ud83c'],
  ])('refuses %s', (_label, text) => expect(isSafeText(text)).toBe(false));

  it('agrees with a code-point-by-code-point check on any text', () => {
    const withSurrogates = fc.string({
      unit: fc.oneof(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
        fc.constant('\u0000'),
      ),
    });
    fc.assert(
      fc.property(withSurrogates, (text) => {
        const wellFormed = encodeable(text);
        expect(isSafeText(text)).toBe(wellFormed && !text.includes('\u0000'));
      }),
      { seed: 42, numRuns: 2_000 },
    );
  });
});

/** encodeURIComponent throws exactly on unpaired surrogates. */
function encodeable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

describe('findUnsafeText', () => {
  it('names the field path of the first unsafe value, in the order the fields were sent', () => {
    expect(findUnsafeText({ a: 'ok', b: 'x\u0000', c: '\ud800' })).toEqual({ kind: 'value', field: 'b' });
    expect(findUnsafeText({ extra: [{ note: 'fine' }, { note: 'x\u0000' }] })).toEqual({
      kind: 'value',
      field: 'extra[1].note',
    });
    expect(findUnsafeText({ q: ['ok', 'b\u0000'] })).toEqual({ kind: 'value', field: 'q[1]' });
  });

  it('finds unsafe field names without quoting them', () => {
    expect(findUnsafeText({ 'bad\u0000': 1 })).toEqual({ kind: 'name', parent: '' });
    expect(findUnsafeText({ outer: { '\ud800': 1 } })).toEqual({ kind: 'name', parent: 'outer' });
  });

  it('shortens long field names in the path', () => {
    const long = 'k'.repeat(500);
    const found = findUnsafeText({ [long]: '\u0000' });
    expect(found).toEqual({ kind: 'value', field: `${'k'.repeat(64)}…` });
  });

  it('a bare string is the whole input; numbers, booleans, null and Buffers are skipped', () => {
    expect(findUnsafeText('a\u0000')).toEqual({ kind: 'value', field: '' });
    expect(findUnsafeText({ n: 1, t: true, z: null, raw: Buffer.from([0, 0xd8]) })).toBeNull();
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toEqual({
      kind: 'value',
      field: expect.stringMatching(/^(\[0\]){100000}$/),
    });
  });
});
