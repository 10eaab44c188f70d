import { decodeEntities, safeLinkUrl } from './safe-url';

test('links: only http(s) and mailto survive, whatever hides the scheme', () => {
  expect(safeLinkUrl('https://a.org/x')).toBe('https://a.org/x');
  expect(safeLinkUrl('http://a.org')).toBe('http://a.org');
  expect(safeLinkUrl('mailto:help@example.org')).toBe('mailto:help@example.org');
  expect(safeLinkUrl(' javascript:alert(1)')).toBeNull();
  expect(safeLinkUrl('JaVaScRiPt:alert(1)')).toBeNull();
  expect(safeLinkUrl('java\nscript:alert(1)')).toBeNull();
  expect(safeLinkUrl('java\tscript:alert(1)')).toBeNull();
  expect(safeLinkUrl('vbscript:x')).toBeNull();
  expect(safeLinkUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
  expect(safeLinkUrl('//evil.example')).toBeNull();
  expect(safeLinkUrl('/account')).toBeNull();
  expect(safeLinkUrl('https://')).toBeNull();
  expect(safeLinkUrl('')).toBeNull();
  expect(safeLinkUrl(null)).toBeNull();
});

test('character references become characters; invalid code points become U+FFFD', () => {
  expect(decodeEntities('Fish &amp; chips &lt;b&gt; caf&#233; &#x20AC;5 &unknown;')).toBe(
    'Fish & chips <b> café €5 &unknown;',
  );
  expect(decodeEntities('&#0; &#xD800; &#x110000;')).toBe('\ufffd \ufffd \ufffd');
  expect(decodeEntities('no references')).toBe('no references');
});
