import { decodeEntities, htmlTitle, pageText, plainText } from './html-text';

describe('html-text', () => {
  it("removes Brave's <strong> marks and decodes entities in a snippet", () => {
    expect(plainText('Plant <strong>maize</strong> &amp; beans &#39;early&#x27; &nbsp; now')).toBe(
      "Plant maize & beans 'early' now",
    );
  });

  it('keeps unknown entities as written and refuses out-of-range code points', () => {
    expect(decodeEntities('&bogus; &#0; &#x110000; &eacute;')).toBe('&bogus;     é');
  });

  it("reads a page's title and its body text without scripts, styles or navigation", () => {
    const html = `<html><head><title> Maize &amp; you </title><script>alert("x")</script></head>
      <body><nav>Menu</nav><h1>Maize</h1><p>Plant at the rains.</p><script type="x">bad()</script>
      <style>p{}</style><p>Harvest when dry.</p><!-- hidden --></body></html>`;
    expect(htmlTitle(html)).toBe('Maize & you');
    expect(pageText(html)).toBe('Maize\nPlant at the rains.\nHarvest when dry.');
  });

  it('has no title when the page has none', () => {
    expect(htmlTitle('<p>x</p>')).toBeUndefined();
  });
});
