import { katexStylesheet } from './katex-stylesheet';

test("relative font URLs are made to point at the app's files; others are left alone", () => {
  const css =
    '@font-face{src:url("a1.woff2") format("woff2"),url(b2.woff) format("woff")}' +
    '.x{background:url("/abs.png")} .y{background:url(https://cdn.example/c.png)} .z{mask:url(#m)}' +
    '.d{background:url(data:image/png;base64,AAAA)}';
  expect(katexStylesheet(css, 'https://kasa.example/remotes/chat/')).toBe(
    '@font-face{src:url("https://kasa.example/remotes/chat/a1.woff2") format("woff2"),url(https://kasa.example/remotes/chat/b2.woff) format("woff")}' +
      '.x{background:url("/abs.png")} .y{background:url(https://cdn.example/c.png)} .z{mask:url(#m)}' +
      '.d{background:url(data:image/png;base64,AAAA)}',
  );
  expect(katexStylesheet(css, '')).toBe(css);
});
