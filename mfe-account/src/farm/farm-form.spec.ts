import { parseSize } from './farm-form';

test('a farm size reads a decimal comma or point; anything the server refuses is undefined', () => {
  expect(parseSize('')).toBeNull();
  expect(parseSize('  ')).toBeNull();
  expect(parseSize('2,5')).toBe(2.5);
  expect(parseSize('2.5')).toBe(2.5);
  expect(parseSize('10 000')).toBe(10_000);
  expect(parseSize('100000')).toBe(100_000);
  expect(parseSize('100001')).toBeUndefined();
  expect(parseSize('0')).toBeUndefined();
  expect(parseSize('-3')).toBeUndefined();
  expect(parseSize('1e3')).toBeUndefined();
  expect(parseSize('two')).toBeUndefined();
});
