import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads the three forms of one range, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('sends the whole file for no header, a malformed one, or several ranges', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=5-2', 'items=0-1', 'bytes=0-1,5-9', 'bytes=a-b'])
      expect(parseByteRange(header, 1000)).toBeUndefined();
  });

  it('says unsatisfiable for a range past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
