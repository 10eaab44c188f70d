import { Marked, type Token } from 'marked';
import { blockMath, inlineMath, type MathToken } from './math-syntax';

const lexer = new Marked({ gfm: true, breaks: true, extensions: [blockMath, inlineMath] });

function maths(source: string): Array<Pick<MathToken, 'text' | 'display'>> {
  const found: Array<Pick<MathToken, 'text' | 'display'>> = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'math') found.push({ text: token.text, display: token.display });
      if ('tokens' in token && Array.isArray(token.tokens)) walk(token.tokens);
      if (token.type === 'list') for (const item of token.items) walk(item.tokens);
    }
  };
  walk(lexer.lexer(source));
  return found;
}

const inline = (text: string) => ({ text, display: false });
const shown = (text: string) => ({ text, display: true });

test('the four delimiters', () => {
  expect(maths('a $x^2$ b')).toEqual([inline('x^2')]);
  expect(maths('a \\(x+1\\) b')).toEqual([inline('x+1')]);
  expect(maths('a $$\\frac{a}{b}$$ b')).toEqual([shown('\\frac{a}{b}')]);
  expect(maths('a \\[ c = 2 \\] b')).toEqual([shown('c = 2')]);
});

test('pandoc dollar rules keep prices as text', () => {
  for (const text of [
    'It costs $5 and $10',
    'between $3 and $4 a kilo',
    '$5-$10',
    'US$20 to US$30',
    '$ x$',
    '$x $',
    '$x$5',
    'a lone $',
    '$$',
    '$$ $$',
    '\\$x$',
    '\\$x\\$',
  ])
    expect({ text, maths: maths(text) }).toEqual({ text, maths: [] });
  expect(maths('$a \\$ b$ costs')).toEqual([inline('a \\$ b')]);
  expect(maths('$5 + $x$')).toEqual([inline('x')]);
});

test('displayed formulas as blocks: across lines, after a paragraph line, in lists, two on a line', () => {
  expect(maths('Area:\n$$\nA = \\pi r^2\n$$\ndone')).toEqual([shown('A = \\pi r^2')]);
  expect(maths('\\[\n\\sum_i x_i\n\\]')).toEqual([shown('\\sum_i x_i')]);
  expect(maths('- one $a$\n- two:\n\n  $$b$$')).toEqual([inline('a'), shown('b')]);
  expect(maths('$$a$$ $$b$$')).toEqual([shown('a'), shown('b')]);
  // A blank line ends a paragraph, and so an unclosed formula.
  expect(maths('$a\n\nb$')).toEqual([]);
});

test('never inside code', () => {
  expect(maths('`$x$` and ``$$y$$``')).toEqual([]);
  expect(maths('```\n$$x$$\n```')).toEqual([]);
  expect(maths('~~~tex\n\\[x\\]\n~~~')).toEqual([]);
  expect(maths('    $$x$$')).toEqual([]);
});
