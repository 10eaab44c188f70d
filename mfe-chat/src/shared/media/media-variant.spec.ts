import { isAppFileUrl, withMediaVariant } from './media-variant';

const signed = '/api/files/0b6d6a57-7e4e-4f49-9f55-3f8f3a1c2d4e?expires=1767225600&sig=abc';

test('adds the variant to a signed app file link, replacing any variant already there', () => {
  expect(withMediaVariant(signed, 'thumb')).toBe(`${signed}&variant=thumb`);
  expect(withMediaVariant(`${signed}&variant=thumb`, 'original')).toBe(`${signed}&variant=original`);
  expect(withMediaVariant(`${signed}&variant=thumb&download=1`, 'original')).toBe(
    `${signed}&download=1&variant=original`,
  );
});

test('leaves links elsewhere (a provider, a just-sent photo) alone', () => {
  expect(isAppFileUrl('https://cdn.example.com/a.png')).toBe(false);
  expect(withMediaVariant('https://cdn.example.com/a.png', 'thumb')).toBe('https://cdn.example.com/a.png');
  expect(withMediaVariant('blob:http://localhost/1', 'thumb')).toBe('blob:http://localhost/1');
});
