// fireEvent, not userEvent: userEvent.setup() puts its own stub in navigator.clipboard.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { KasaUiProvider } from '@kasa/ui';
import type { Token } from 'marked';
import { Markdown, lex } from './Markdown';

function renderMarkdown(source: string) {
  return render(
    <KasaUiProvider initialLanguage="en">
      <Markdown source={source} />
    </KasaUiProvider>,
  );
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

/** Every token of a lexed reply, nested ones included. */
function allTokens(tokens: Token[]): Token[] {
  return tokens.flatMap((token) => {
    const children: Token[] = [];
    if ('tokens' in token && Array.isArray(token.tokens)) children.push(...token.tokens);
    if (token.type === 'list') for (const item of token.items) children.push(...item.tokens);
    return [token, ...allTokens(children)];
  });
}

test('headings, emphasis, lists, quotes, tables and code render as elements', async () => {
  const { container } = renderMarkdown(
    [
      '# Maize calendar',
      '',
      'Plant **after** the *first* rains, not ~~before~~. Use `NPK 20-10-10`.',
      '',
      '1. Clear the field',
      '2. Plant at 75 × 25 cm',
      '',
      '- [x] seed bought',
      '- [ ] fertilizer',
      '',
      '> Tip: weed at 3 weeks.',
      '',
      '| Crop | Days |',
      '| --- | ---: |',
      '| Maize | 90 |',
      '',
      '```python',
      'print("hello")',
      '```',
    ].join('\n'),
  );
  expect(screen.getByRole('heading', { name: 'Maize calendar' }).tagName).toBe('H3');
  expect(screen.getByText('after').tagName).toBe('STRONG');
  expect(screen.getByText('first').tagName).toBe('EM');
  expect(screen.getByText('before').tagName).toBe('DEL');
  expect(screen.getByText('NPK 20-10-10').tagName).toBe('CODE');
  const ordered = container.querySelector('ol')!;
  expect(ordered.querySelectorAll('li')).toHaveLength(2);
  expect(ordered).toHaveTextContent('Plant at 75 × 25 cm');
  const boxes = screen.getAllByRole('checkbox');
  expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false]);
  expect(container.querySelector('blockquote')).toHaveTextContent('Tip: weed at 3 weeks.');
  expect(screen.getByRole('columnheader', { name: 'Crop' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '90' })).toHaveStyle({ textAlign: 'right' });
  const code = screen.getByTestId('code-block');
  expect(code).toHaveTextContent('python');
  expect(code.querySelector('pre code')).toHaveTextContent('print("hello")');
  await waitFor(() => expect(code.querySelector('.hljs-built_in')).toHaveTextContent('print'));
});

test('raw HTML shows as text, never as elements', () => {
  const { container } = renderMarkdown(
    'Hi <img src=x onerror="alert(1)"> there\n\n<script>alert("x")</script>\n\n<b>bold?</b> <iframe src="https://evil.example"></iframe>',
  );
  expect(container.querySelector('img, script, iframe, b')).toBeNull();
  expect(container).toHaveTextContent('Hi <img src=x onerror="alert(1)"> there');
  expect(container).toHaveTextContent('<script>alert("x")</script>');
  expect(container).toHaveTextContent('<b>bold?</b>');
  expect(container.innerHTML).not.toMatch(/<(img|script|iframe)\b/);
});

test('links: only http(s) and mailto, opened in a new tab without opener; others stay text', () => {
  const { container } = renderMarkdown(
    [
      '[FAO](https://www.fao.org/home) and https://example.org/maize',
      '[mail](mailto:help@example.org)',
      '[bad](javascript:alert(1)) [bad2](JaVaScRiPt:alert(2)) [bad3](java&#x09;script:alert(3))',
      '[data](data:text/html;base64,PHNjcmlwdD4=) [rel](/account) ![pic](javascript:alert(4))',
    ].join('\n\n'),
  );
  const fao = screen.getByRole('link', { name: 'FAO' });
  expect(fao).toHaveAttribute('href', 'https://www.fao.org/home');
  expect(fao).toHaveAttribute('target', '_blank');
  expect(fao).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByRole('link', { name: 'https://example.org/maize' })).toHaveAttribute(
    'href',
    'https://example.org/maize',
  );
  expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:help@example.org');
  for (const name of ['bad', 'bad2', 'bad3', 'data', 'rel', 'pic']) {
    expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.getByText(name)).toBeInTheDocument();
  }
  for (const a of container.querySelectorAll('a'))
    expect(a.getAttribute('href')).toMatch(/^(https:|mailto:)/);
});

test('character references become characters (and stay text)', () => {
  renderMarkdown('Fish &amp; chips &lt;b&gt; caf&#233; &#x20AC;5 &unknown;');
  expect(screen.getByText('Fish & chips <b> café €5 &unknown;')).toBeInTheDocument();
});

test('code blocks have a Copy button (clipboard API): Copied', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  renderMarkdown('```\nmix 1 part manure\nwith 3 parts soil\n```');
  fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
  expect(writeText).toHaveBeenCalledWith('mix 1 part manure\nwith 3 parts soil');
  expect(await screen.findByText('Copied')).toBeInTheDocument();
});

test('Copy falls back to execCommand without the clipboard API, and says when it fails', async () => {
  const execCommand = jest.fn().mockReturnValue(true);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  renderMarkdown('```sh\nnpm start\n```\n\n```sh\nls\n```');
  const [first, second] = screen.getAllByRole('button', { name: 'Copy code' });
  fireEvent.click(first);
  expect(execCommand).toHaveBeenCalledWith('copy');
  expect(await screen.findByText('Copied')).toBeInTheDocument();
  execCommand.mockReturnValue(false);
  fireEvent.click(second);
  expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Copied')).toBeNull(), { timeout: 3000 });
});

test('code blocks are highlighted as elements from the syntax tree, never as injected HTML', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  const python = 'def yield_per_ha(kg, ha):\n    # tonnes\n    return "%.1f" % (kg / ha / 1000)';
  const html =
    '<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n<a href="javascript:alert(3)">x</a>';
  const { container } = renderMarkdown(`\`\`\`python\n${python}\n\`\`\`\n\n\`\`\`html\n${html}\n\`\`\``);
  const [pythonBlock, htmlBlock] = screen.getAllByTestId('code-block');
  await waitFor(() => expect(pythonBlock.querySelector('.hljs-keyword')).not.toBeNull());
  const keywords = [...pythonBlock.querySelectorAll('.hljs-keyword')].map((span) => span.textContent);
  expect(keywords).toEqual(expect.arrayContaining(['def', 'return']));
  expect(pythonBlock.querySelector('.hljs-comment')).toHaveTextContent('# tonnes');
  expect(pythonBlock.querySelector('.hljs-string')).toHaveTextContent('"%.1f"');
  expect(pythonBlock.querySelector('pre code')!.textContent).toBe(python);
  expect(pythonBlock.querySelector('code')).toHaveClass('language-python');

  await waitFor(() => expect(htmlBlock.querySelector('.hljs-tag')).not.toBeNull());
  expect(htmlBlock.querySelector('pre code')!.textContent).toBe(html);
  expect(container.querySelector('script, img, a')).toBeNull();
  for (const span of container.querySelectorAll('pre code span')) {
    expect(span.tagName).toBe('SPAN');
    expect([...span.attributes].map((a) => a.name)).toEqual(['class']);
  }

  fireEvent.click(within(pythonBlock).getByRole('button', { name: 'Copy code' }));
  expect(writeText).toHaveBeenCalledWith(python);
  expect(await within(pythonBlock).findByText('Copied')).toBeInTheDocument();
});

test('a block without a known language stays plain text', async () => {
  renderMarkdown(
    [
      '```\nmix 1 part manure\n```',
      '```text\nif it rains\n```',
      '```cobol\nDISPLAY "HI".\n```',
      '```python"><b>\nprint(1)\n```',
      '```python\nprint(2)\n```',
    ].join('\n\n'),
  );
  const blocks = screen.getAllByTestId('code-block');
  // Once the last block is highlighted, the highlighter has loaded: the others stay plain.
  await waitFor(() => expect(blocks[4].querySelector('.hljs-built_in')).not.toBeNull());
  for (const block of blocks.slice(0, 4)) expect(block.querySelector('pre code span')).toBeNull();
  expect(blocks[2]).toHaveTextContent('cobol');
  // An info string that is not a language name is neither a class nor a label.
  expect(blocks[3].querySelector('code')).not.toHaveAttribute('class');
  expect(blocks[3]).toHaveTextContent('Code');
});

test('maths: $…$ and \\(…\\) inline, $$…$$ and \\[…\\] displayed, typeset by KaTeX', async () => {
  const { container } = renderMarkdown(
    [
      'The area is $x^2$ square metres, or \\(a+b\\) in all.',
      '',
      '$$\\frac{a}{b}$$',
      '',
      'Yield:',
      '$$',
      'Y = \\frac{P}{A}',
      '$$',
      'per hectare, and \\[c = 2\\] too.',
    ].join('\n'),
  );
  // The source shows until KaTeX has loaded.
  expect(container.querySelector('.kasa-math-source')).toHaveTextContent('x^2');
  await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(5));
  expect(container.querySelector('.kasa-math-source')).toBeNull();
  expect(container.querySelectorAll('.katex-display')).toHaveLength(3);
  const formulas = [...container.querySelectorAll('.katex annotation')].map((a) => a.textContent);
  expect(formulas).toEqual(['x^2', 'a+b', '\\frac{a}{b}', 'Y = \\frac{P}{A}', 'c = 2']);
  expect(container.querySelector('.katex .mfrac')).not.toBeNull();
  expect(container).toHaveTextContent('square metres, or');
  expect(container).toHaveTextContent('per hectare, and');
  expect(container.querySelector('p')).toHaveTextContent(/^The area is .+ square metres, or .+ in all\.$/);
});

test('money is not maths: prices and escaped dollars stay text', () => {
  const money = [
    'It costs $5 and $10.',
    'Between $3 and $4 a kilo.',
    'From $5-$10, or US$20 to US$30.',
    'Prices: $ 5, $5 each, and $ 20 $.',
    'Escaped: \\$x$ and \\$y\\$.',
  ];
  const { container } = renderMarkdown(money.join('\n\n'));
  expect(allTokens(lex(money.join('\n\n'))).filter((t) => t.type === 'math')).toEqual([]);
  expect(container.querySelector('.kasa-math-source, .katex')).toBeNull();
  const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
  expect(paragraphs).toEqual([
    'It costs $5 and $10.',
    'Between $3 and $4 a kilo.',
    'From $5-$10, or US$20 to US$30.',
    'Prices: $ 5, $5 each, and $ 20 $.',
    'Escaped: $x$ and $y$.',
  ]);
});

test('no maths inside code spans and code blocks', () => {
  const source =
    'Run `echo $HOME $PATH` or `$x^2$`.\n\n```sh\nprice=$5\necho "$$" $x$\n```\n\n    $$indented$$';
  const { container } = renderMarkdown(source);
  expect(allTokens(lex(source)).filter((t) => t.type === 'math')).toEqual([]);
  expect(screen.getByText('echo $HOME $PATH').tagName).toBe('CODE');
  expect(screen.getByText('$x^2$').tagName).toBe('CODE');
  expect(container.querySelector('.kasa-math-source')).toBeNull();
  expect(container).toHaveTextContent('price=$5 echo "$$" $x$');
});

test('a formula KaTeX cannot typeset shows its source; the rest of the reply still renders', async () => {
  const { container } = renderMarkdown('Bad: $\\frac{1$ and $$\\notacommand{x}$$, good: $y$.');
  await waitFor(() => expect(container.querySelectorAll('.katex, .katex-error')).toHaveLength(3));
  // A syntax error: the whole source, marked as an error.
  expect(container.querySelector('.katex-error')).toHaveTextContent('\\frac{1');
  // An unknown command: the formula, with the command shown as written.
  expect(container.querySelector('.katex-display .katex-html')).toHaveTextContent('\\notacommand');
  expect(container).toHaveTextContent('good:');
});

test('maths cannot make links, images, classes or markup: trust is off', async () => {
  const { container } = renderMarkdown(
    [
      '$\\href{javascript:alert(1)}{click}$',
      '$\\url{javascript:alert(2)}$',
      '$\\includegraphics{https://evil.example/x.png}$',
      '$\\htmlClass{evil}{x} \\htmlStyle{background:red}{y} \\htmlId{z}{w}$',
      '$<script>alert(3)</script>$ and $x<img src=x onerror=alert(4)>$',
      '$\\color{red;background:url(javascript:alert(5))}{x}$',
    ].join('\n\n'),
  );
  await waitFor(() => expect(container.querySelectorAll('.katex, .katex-error')).toHaveLength(7));
  expect(container.querySelector('a, img, script, [href], [src], [id], .evil')).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      if (attribute.name === 'style') expect(attribute.value).not.toMatch(/url\(|background/i);
    }
  }
  // What the reply wrote is still there, as text (the formula's annotation and error titles).
  expect(container).toHaveTextContent('\\href');
});

test('code cannot make links either', () => {
  const { container } = renderMarkdown('`[x](javascript:alert(1))`\n\n```md\n[y](javascript:alert(2))\n```');
  expect(container.querySelector('a')).toBeNull();
  expect(container).toHaveTextContent('[x](javascript:alert(1))');
});

test('texts are in French too', () => {
  render(
    <KasaUiProvider initialLanguage="fr">
      <Markdown source={'```\nls\n```'} />
    </KasaUiProvider>,
  );
  expect(screen.getByRole('button', { name: 'Copier le code' })).toHaveTextContent('Copier');
  expect(screen.getByTestId('code-block')).toHaveTextContent('Code');
});
