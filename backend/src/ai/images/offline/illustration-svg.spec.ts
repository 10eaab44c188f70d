import { IconSet, scopeIds } from './icon-set';
import { escapeXml, illustrationSvg, OFFLINE_LABEL, wrapText } from './illustration-svg';

describe('illustrationSvg', () => {
  const icons = IconSet.load();

  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml(`<script>alert("x" & 'y')</script>\u0000\u0007]]>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; &amp; &apos;y&apos;)&lt;/script&gt;]]&gt;',
    );
  });

  it('puts a hostile prompt in the caption as text, never as markup', () => {
    const svg = illustrationSvg({
      width: 1024,
      height: 1024,
      icons: [icons.get('tractor')!],
      caption: '</text><image href="http://evil.example/x.png"/><text>',
    });
    expect(svg).not.toContain('<image');
    expect(svg).not.toContain('evil.example/x.png"/>');
    expect(svg).toContain('&lt;/text&gt;&lt;image');
  });

  it('always shows the offline label', () => {
    const svg = illustrationSvg({
      width: 1792,
      height: 1024,
      icons: [icons.get('sun')!],
      caption: 'Sunny day',
    });
    expect(svg).toContain(OFFLINE_LABEL);
    expect(svg).toContain('width="1792" height="1024"');
  });

  it('gives each icon its own ids, so two icons never share a gradient', () => {
    const body = '<linearGradient id="SVGa"/><path fill="url(#SVGa)"/><use href="#SVGa"/>';
    expect(scopeIds(body, 'i1-')).toBe(
      '<linearGradient id="i1-SVGa"/><path fill="url(#i1-SVGa)"/><use href="#i1-SVGa"/>',
    );
  });

  it('wraps the caption at spaces and ends a cut caption with an ellipsis', () => {
    expect(wrapText('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('aaaa bbbb cccc dddd eeee', 9, 2)).toEqual(['aaaa bbbb', 'cccc ddd…']);
    expect(wrapText('x'.repeat(25), 10, 5)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
