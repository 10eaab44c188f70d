import { safeLinkUrl, safeMediaUrl } from './safe-url';

test('media URLs: same-origin paths and http(s) only', () => {
  expect(safeMediaUrl('/api/files/a.png')).toBe('/api/files/a.png');
  expect(safeMediaUrl(' /api/files/a.png ')).toBe('/api/files/a.png');
  expect(safeMediaUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  expect(safeMediaUrl('//evil.example/a.png')).toBeNull();
  expect(safeMediaUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
  expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
  expect(safeMediaUrl(undefined)).toBeNull();
});

test('the link rule is the renderer one', () => {
  expect(safeLinkUrl('https://www.fao.org')).toBe('https://www.fao.org');
  expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
});
