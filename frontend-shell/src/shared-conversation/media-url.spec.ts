import { safeMediaUrl } from './media-url';

test.each([
  ['/api/shares/abc/media/0', '/api/shares/abc/media/0'],
  ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ['HTTP://example.com/a.mp3', 'HTTP://example.com/a.mp3'],
])('keeps %s', (url, expected) => {
  expect(safeMediaUrl(url)).toBe(expected);
});

test.each([
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example.com/a.png',
  '/\\evil.example.com/a.png',
  'blob:https://example.com/1',
  '',
  null,
  undefined,
])('drops %p', (url) => {
  expect(safeMediaUrl(url)).toBeNull();
});
