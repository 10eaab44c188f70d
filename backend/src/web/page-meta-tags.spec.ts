import { escapeHtml, pageMetaTags, withPageMeta } from './page-meta-tags';

describe('escapeHtml', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});

describe('pageMetaTags', () => {
  it('writes robots noindex and the Open Graph tags, values escaped', () => {
    const tags = pageMetaTags(
      {
        noindex: true,
        openGraph: { title: '"><script>alert(1)</script>', description: 'Rows & spacing' },
      },
      'Kasa',
    );
    expect(tags).toContain('<meta name="robots" content="noindex">');
    expect(tags).toContain(
      '<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    );
    expect(tags).toContain('<meta property="og:description" content="Rows &amp; spacing">');
    expect(tags).toContain('<meta property="og:type" content="website">');
    expect(tags).toContain('<meta property="og:site_name" content="Kasa">');
    expect(tags).not.toContain('<script>');
  });

  it('writes no og tags without openGraph, and no description without one', () => {
    expect(pageMetaTags({ noindex: true }, 'Kasa')).toBe('<meta name="robots" content="noindex">');
    expect(pageMetaTags({ openGraph: { title: 'T' } }, 'Kasa')).not.toContain('og:description');
    expect(pageMetaTags({ status: 404 }, 'Kasa')).toBe('');
  });
});

describe('withPageMeta', () => {
  const meta = { noindex: true, openGraph: { title: "Price $& more $'" } };

  it('puts the tags before </head>, with $ patterns kept as text', () => {
    const html = withPageMeta('<html><head><title>K</title></head><body></body></html>', meta, 'K');
    expect(html).toMatch(/<title>K<\/title><meta name="robots" content="noindex">.*<\/head><body>/);
    expect(html).toContain('content="Price $&amp; more $&#39;"');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('keeps the doctype first when the page has no head', () => {
    const html = withPageMeta('<!doctype html><title>K</title>', meta, 'K');
    expect(html.startsWith('<!doctype html><meta name="robots"')).toBe(true);
  });

  it('leaves the page as it is when there is nothing to add', () => {
    expect(withPageMeta('<html></html>', { status: 404 }, 'K')).toBe('<html></html>');
  });
});
