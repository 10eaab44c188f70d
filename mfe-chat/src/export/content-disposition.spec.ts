import { fileNameFromDisposition } from './content-disposition';

test('the RFC 5987 name (any letters) wins over the plain one', () => {
  expect(
    fileNameFromDisposition(
      `attachment; filename="mais.md"; filename*=UTF-8''ma%C3%AFs%20s%C3%A9ch%C3%A9.md`,
    ),
  ).toBe('maïs séché.md');
});

test('a quoted or bare plain name', () => {
  expect(fileNameFromDisposition('attachment; filename="Maize \\"plan\\".json"')).toBe('Maize _plan_.json');
  expect(fileNameFromDisposition('attachment; filename=maize.md')).toBe('maize.md');
});

test('path separators and control characters never reach the name', () => {
  expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  expect(fileNameFromDisposition(`attachment; filename*=UTF-8''a%0Ab%2Fc.md`)).toBe('ab_c.md');
});

test('no header, no name, or a badly encoded one without a fallback: null', () => {
  expect(fileNameFromDisposition(null)).toBeNull();
  expect(fileNameFromDisposition('inline')).toBeNull();
  expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.md"`)).toBe('ok.md');
});
