// Maths in a reply, found by the markdown lexer: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]`
// displayed. The dollar rules are pandoc's (tex_math_dollars), so that prices stay text:
// "It costs $5 and $10" and "between $3 and $4 a kilo" are not maths, because an opening `$` must
// be followed by a non-space, a closing `$` must not follow a space nor be followed by a digit.
// `\$` stays a literal dollar (marked's escape). A code span or block is taken whole by marked
// from its opening backticks or fence, so these rules never see the text inside it.
import type { TokenizerExtension, Tokens } from 'marked';

export interface MathToken extends Tokens.Generic {
  type: 'math';
  raw: string;
  /** The TeX source between the delimiters, trimmed. */
  text: string;
  /** Displayed on its own line ($$…$$, \[…\]) rather than in the text. */
  display: boolean;
}

function mathToken(raw: string, text: string, display: boolean): MathToken | undefined {
  const tex = text.trim();
  return tex ? { type: 'math', raw, text: tex, display } : undefined;
}

/**
 * Length of inline `$…$` maths at the start of src (src[0] is '$'), or 0. Pandoc's rules: a
 * non-space after the opening `$`; no space before the closing `$`; no digit after it; a backslash
 * escapes the next character (so `\$` inside maths does not close it).
 */
function inlineDollarLength(src: string): number {
  if (src.length < 3 || src[1] === '$' || /\s/.test(src[1])) return 0;
  for (let i = 1; i < src.length; i++) {
    const char = src[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '\n' && src[i + 1] === '\n') return 0;
    if (/\s/.test(char) && src[i + 1] === '$') return 0;
    if (char === '$') return /[0-9]/.test(src[i + 1] ?? '') ? 0 : i + 1;
  }
  return 0;
}

/** Length of maths from `open` to the next `close` at the start of src, or 0. No blank line inside. */
function delimitedLength(src: string, open: string, close: string): number {
  if (!src.startsWith(open)) return 0;
  const end = src.indexOf(close, open.length);
  if (end < 0) return 0;
  const length = end + close.length;
  return src.slice(0, length).includes('\n\n') ? 0 : length;
}

/** Maths in running text: `$$…$$`, `$…$`, `\[…\]`, `\(…\)`. */
export const inlineMath: TokenizerExtension = {
  name: 'math',
  level: 'inline',
  start(src) {
    const index = src.search(/\$|\\[([]/);
    return index < 0 ? undefined : index;
  },
  tokenizer(src) {
    if (src[0] === '$') {
      const display = delimitedLength(src, '$$', '$$');
      if (display) return mathToken(src.slice(0, display), src.slice(2, display - 2), true);
      const inline = inlineDollarLength(src);
      if (inline) return mathToken(src.slice(0, inline), src.slice(1, inline - 1), false);
      return undefined;
    }
    for (const [open, close, display] of [
      ['\\(', '\\)', false],
      ['\\[', '\\]', true],
    ] as const) {
      const length = delimitedLength(src, open, close);
      if (length) return mathToken(src.slice(0, length), src.slice(2, length - 2), display);
    }
    return undefined;
  },
};

// The formula may span lines, but never holds its own closing delimiter: `$$a$$ $$b$$` is two.
const BLOCK_MATH = /^ {0,3}(?:\$\$((?:[^$]|\$(?!\$))+?)\$\$|\\\[((?:[^\\]|\\(?!\]))+?)\\\])[ \t]*(?:\n+|$)/;

/** A displayed formula that is a block of its own: a line starting with `$$` or `\[`, to the closing one. */
export const blockMath: TokenizerExtension = {
  name: 'math',
  level: 'block',
  start(src) {
    // Only at the start of a line: marked cuts the current paragraph where a block may begin.
    const match = /(?:^|\n) {0,3}(?:\$\$|\\\[)/.exec(src);
    if (!match) return undefined;
    return match[0].startsWith('\n') ? match.index + 1 : match.index;
  },
  tokenizer(src) {
    const match = BLOCK_MATH.exec(src);
    if (!match) return undefined;
    return mathToken(match[0], match[1] ?? match[2] ?? '', true);
  },
};

/** A token of maths, found by the rules above. */
export function isMathToken(token: { type: string }): token is MathToken {
  return token.type === 'math';
}
