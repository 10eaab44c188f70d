// fireEvent, not userEvent: userEvent.setup() puts its own stub in navigator.clipboard.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { KasaUiProvider } from '@kasa/ui';
import { Markdown } from './Markdown';
import { decodeEntities, safeLinkUrl, safeMediaUrl } from '../../shared/safe-url';

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

test('headings, emphasis, lists, quotes, tables and code render as elements', () => {
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

test('URL rules', () => {
  expect(safeLinkUrl('https://a.org/x')).toBe('https://a.org/x');
  expect(safeLinkUrl(' javascript:alert(1)')).toBeNull();
  expect(safeLinkUrl('java\nscript:alert(1)')).toBeNull();
  expect(safeLinkUrl('vbscript:x')).toBeNull();
  expect(safeLinkUrl('//evil.example')).toBeNull();
  expect(safeMediaUrl('/api/files/a.png')).toBe('/api/files/a.png');
  expect(safeMediaUrl('//evil.example/a.png')).toBeNull();
  expect(safeMediaUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
  expect(decodeEntities('&#0; &#xD800;')).toBe('\ufffd \ufffd');
});
