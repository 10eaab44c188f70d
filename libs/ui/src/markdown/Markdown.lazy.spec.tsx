// The heavy parts load only for replies that need them. Its own file: the module registry (and so
// what has been requested) starts empty for each test file.
import { render, waitFor } from '@testing-library/react';
import { KasaUiProvider } from '@kasa/ui';
import { Markdown } from './Markdown';
import { requestedHeavyParts } from './lazy-parts';

function renderMarkdown(source: string) {
  return render(
    <KasaUiProvider initialLanguage="en">
      <Markdown source={source} />
    </KasaUiProvider>,
  );
}

test('plain replies fetch neither part; a code block with a language fetches the highlighter, maths KaTeX', async () => {
  renderMarkdown(
    [
      '# Prices',
      'Maize costs $5 and beans $10, between $3 and $4 a kilo. **Sell** early; see https://www.fao.org.',
      '',
      '| Crop | Price |',
      '| --- | --- |',
      '| Maize | $5 |',
      '',
      'Run `echo $x$` here:',
      '',
      '```',
      'no language: plain',
      '```',
      '',
      '```text',
      'plain text too',
      '```',
    ].join('\n'),
  );
  expect([...requestedHeavyParts()]).toEqual([]);

  const code = renderMarkdown('```python\nprint(1)\n```');
  await waitFor(() => expect(code.container.querySelector('.hljs-built_in')).not.toBeNull());
  expect([...requestedHeavyParts()]).toEqual(['highlighter']);

  const maths = renderMarkdown('Area: $x^2$');
  await waitFor(() => expect(maths.container.querySelector('.katex')).not.toBeNull());
  expect([...requestedHeavyParts()]).toEqual(['highlighter', 'katex']);
});
