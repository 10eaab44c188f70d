import { plainText, readPage } from './html-text';

describe('html-text', () => {
  it("removes Brave's <strong> marks and decodes entities in a snippet", () => {
    expect(plainText('Plant <strong>maize</strong> &amp; beans &#39;early&#x27; &nbsp; now')).toBe(
      "Plant maize & beans 'early' now",
    );
  });

  it('keeps unknown entities as written and replaces out-of-range code points', () => {
    expect(plainText('&bogus; &#0; &#x110000; &eacute; &hellip;')).toBe('&bogus; \uFFFD \uFFFD é …');
  });

  it("reads a page's title and its body text without scripts, styles or navigation", () => {
    const html = `<html><head><title> Maize &amp; you </title><script>alert("x")</script></head>
      <body><nav>Menu</nav><h1>Maize</h1><p>Plant at the rains.</p><script type="x">bad()</script>
      <style>p{}</style><p>Harvest when dry.</p><!-- hidden --></body></html>`;
    expect(readPage(html, 1000)).toEqual({
      title: 'Maize & you',
      text: 'Maize\nPlant at the rains.\nHarvest when dry.',
    });
  });

  it('has no title when the page has none', () => {
    expect(readPage('<p>x</p>', 1000).title).toBeUndefined();
  });

  it('reads the whole page when it has no <body>, and drops every element that is not text', () => {
    const html = `<title>T</title><p>One<br>two</p><form><select><option>Pick</option></select></form>
      <svg><title>icon</title><text>drawn</text></svg><svg/><iframe src="x">frame</iframe>
      <template><p>later</p></template><noscript>Enable JS</noscript><footer>(c)</footer><div>Three</div>`;
    expect(readPage(html, 1000)).toEqual({ title: 'T', text: 'One\ntwo\nThree' });
  });

  it('ends a dropped element at its own end tag only', () => {
    expect(readPage('<body><nav><div>menu</span></div></nav><p>text</p><form></nav>gone', 1000).text).toBe(
      'text',
    );
  });

  it('keeps at most the text asked for, and stops reading there', () => {
    const html = `<body>${'<p>Compost feeds the soil.</p>'.repeat(10_000)}`;
    const { text } = readPage(html, 1000);
    expect(text.length).toBe(1000);
    expect(text.startsWith('Compost feeds the soil.\nCompost')).toBe(true);
  });
});

describe('reading a page crafted to be slow', () => {
  const SIZE = 1024 * 1024;
  const repeated = (piece: string) => piece.repeat(Math.ceil(SIZE / piece.length)).slice(0, SIZE);
  const pages: Array<[string, string]> = [
    ['unclosed comments', repeated('<!--')],
    ['unclosed titles', repeated('<title>')],
    ['unclosed scripts', repeated('<script>')],
    ['unclosed styles', repeated('<style>')],
    ['repeated bodies', repeated('<body>')],
    ['deeply nested elements', repeated('<div>')],
    ['deeply nested dropped elements', repeated('<nav><svg>')],
    [
      'nested elements then unmatched ends',
      repeated('<b>').slice(0, SIZE / 2) + repeated('</i>').slice(0, SIZE / 2),
    ],
    ['unclosed tags', repeated('<a ')],
    ['unclosed attributes', repeated('<a b="')],
    ['entities', repeated('&#x1;&amp')],
    ['text in one long line', repeated('word ')],
  ];

  it.each(pages)('reads 1 MB of %s in linear time', (_label, html) => {
    const started = performance.now();
    readPage(html, 20_000);
    // Linear reading takes tens of milliseconds for a megabyte; backtracking regexes took minutes.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each(pages)('reads 1 MB of %s as a snippet in linear time', (_label, html) => {
    const started = performance.now();
    plainText(html);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
