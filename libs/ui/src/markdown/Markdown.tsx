// Markdown for assistant replies, rendered SAFELY: marked's lexer (no renderer used) turns the
// text into tokens, and this file turns tokens into React elements. No HTML string from the reply
// is ever injected: raw HTML in a reply (<script>, <img onerror>) is shown as the text it is, and
// links open only http(s) and mailto URLs, in a new tab without an opener. Code blocks are
// highlighted and maths typeset by lazy parts (lazy-parts.ts), fetched only by replies that have them.
// Shared by the chat and the shell's public conversation page; each loads it lazily
// (`lazy(() => import('@kasa/ui/markdown'))`): the first screen does not need it.
import { memo, useMemo, type ReactNode } from 'react';
import { Marked, type Token, type Tokens } from 'marked';
import { Box } from '@kasa/ui';
import { decodeEntities, safeLinkUrl } from '../safe-url';
import { CodeBlock } from './CodeBlock';
import { MathFormula } from './math/MathFormula';
import { blockMath, inlineMath, isMathToken } from './math/math-syntax';

const lexer = new Marked({ gfm: true, breaks: true, extensions: [blockMath, inlineMath] });

/** Tokens of a reply. Exported for tests. */
export function lex(source: string): Token[] {
  try {
    return lexer.lexer(source);
  } catch {
    // marked does not throw on any input it has met; should it, the text still shows.
    return [
      { type: 'paragraph', raw: source, text: source, tokens: [{ type: 'text', raw: source, text: source }] },
    ];
  }
}

function renderInline(tokens: Token[] | undefined, key = 'i'): ReactNode[] {
  if (!tokens) return [];
  return tokens.map((token, index) => renderInlineToken(token, `${key}.${index}`));
}

function renderInlineToken(token: Token, key: string): ReactNode {
  if (isMathToken(token)) return <MathFormula key={key} tex={token.text} display={token.display} />;
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      if (text.tokens?.length) return <span key={key}>{renderInline(text.tokens, key)}</span>;
      return decodeEntities(text.text);
    }
    case 'escape':
      return decodeEntities((token as Tokens.Escape).text);
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, key)}</strong>;
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, key)}</em>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, key)}</del>;
    case 'codespan':
      return (
        <Box
          key={key}
          component="code"
          sx={{
            px: 0.5,
            borderRadius: 0.5,
            bgcolor: 'action.hover',
            fontSize: '0.9em',
            wordBreak: 'break-word',
          }}
        >
          {decodeEntities((token as Tokens.Codespan).text)}
        </Box>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeLinkUrl(link.autolink ? link.href : decodeEntities(link.href));
      const children = link.autolink ? link.text : renderInline(link.tokens, key);
      if (!href) return <span key={key}>{children}</span>;
      return (
        <Box
          key={key}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          title={link.title ?? undefined}
          sx={{ color: 'inherit', textDecorationThickness: 2, wordBreak: 'break-word' }}
        >
          {children}
        </Box>
      );
    }
    case 'image': {
      // Not loaded inline (data costs, tracking): a link to it, or its description.
      const image = token as Tokens.Image;
      const href = safeLinkUrl(decodeEntities(image.href));
      const label = decodeEntities(image.text) || href || '';
      if (!href) return label;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    }
    case 'checkbox':
      return (
        <input
          key={key}
          type="checkbox"
          checked={(token as Tokens.Checkbox).checked}
          readOnly
          disabled
          style={{ marginRight: 6 }}
        />
      );
    case 'html':
      // Raw HTML is shown as text, never interpreted.
      return (token as Tokens.HTML).text;
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}

function renderBlocks(tokens: Token[], key = 'b'): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, `${key}.${index}`));
}

function renderBlock(token: Token, key: string): ReactNode {
  if (isMathToken(token)) return <MathFormula key={key} tex={token.text} display />;
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const heading = token as Tokens.Heading;
      // Headings inside a message start at h3 (the screen has h1, messages sit under h2).
      const level = Math.min(6, heading.depth + 2);
      return (
        <Box
          key={key}
          component={`h${level}` as 'h3'}
          sx={{
            mt: 2,
            mb: 1,
            fontSize: heading.depth <= 1 ? '1.2rem' : heading.depth === 2 ? '1.1rem' : '1rem',
          }}
        >
          {renderInline(heading.tokens, key)}
        </Box>
      );
    }
    case 'paragraph':
      return (
        <Box key={key} component="p" sx={{ my: 1 }}>
          {renderInline((token as Tokens.Paragraph).tokens, key)}
        </Box>
      );
    case 'text': {
      const text = token as Tokens.Text;
      return (
        <span key={key}>{text.tokens ? renderInline(text.tokens, key) : decodeEntities(text.text)}</span>
      );
    }
    case 'code': {
      const code = token as Tokens.Code;
      return <CodeBlock key={key} code={code.text} lang={code.lang} />;
    }
    case 'blockquote':
      return (
        <Box
          key={key}
          component="blockquote"
          sx={{
            my: 1,
            mx: 0,
            pl: 1.5,
            borderLeft: '4px solid',
            borderColor: 'divider',
            color: 'text.secondary',
          }}
        >
          {renderBlocks((token as Tokens.Blockquote).tokens, key)}
        </Box>
      );
    case 'list': {
      const list = token as Tokens.List;
      return (
        <Box
          key={key}
          component={list.ordered ? 'ol' : 'ul'}
          start={list.ordered && typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}
          sx={{ my: 1, pl: 3 }}
        >
          {list.items.map((item, i) => (
            <Box
              key={`${key}.${i}`}
              component="li"
              sx={{ my: 0.5, listStyle: item.task ? 'none' : undefined, '& > p': { my: 0.5 } }}
            >
              {item.tokens.map((child, j) =>
                child.type === 'checkbox' || child.type === 'text'
                  ? renderInlineToken(child, `${key}.${i}.${j}`)
                  : renderBlock(child, `${key}.${i}.${j}`),
              )}
            </Box>
          ))}
        </Box>
      );
    }
    case 'table': {
      const table = token as Tokens.Table;
      const align = (i: number) => table.align[i] ?? undefined;
      return (
        <Box key={key} sx={{ my: 1.5, overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{
              borderCollapse: 'collapse',
              fontSize: '0.9rem',
              '& th, & td': {
                border: '1px solid',
                borderColor: 'divider',
                px: 1,
                py: 0.5,
                verticalAlign: 'top',
              },
            }}
          >
            <thead>
              <tr>
                {table.header.map((cell, i) => (
                  <th key={i} style={{ textAlign: align(i) }}>
                    {renderInline(cell.tokens, `${key}.h${i}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} style={{ textAlign: align(i) }}>
                      {renderInline(cell.tokens, `${key}.${r}.${i}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      );
    }
    case 'hr':
      return (
        <Box
          key={key}
          component="hr"
          sx={{ my: 2, border: 0, borderTop: '1px solid', borderColor: 'divider' }}
        />
      );
    case 'html':
      // A block of raw HTML: its source, as text.
      return (
        <Box key={key} component="p" sx={{ my: 1, whiteSpace: 'pre-wrap' }}>
          {(token as Tokens.HTML).text}
        </Box>
      );
    default:
      return (
        <Box key={key} component="p" sx={{ my: 1, whiteSpace: 'pre-wrap' }}>
          {token.raw}
        </Box>
      );
  }
}

export interface MarkdownProps {
  /** The reply's markdown text (may be partial while it streams). */
  source: string;
}

/** A reply's text as formatted, safe React elements. */
export const Markdown = memo(function Markdown({ source }: MarkdownProps) {
  const rendered = useMemo(() => renderBlocks(lex(source)), [source]);
  return (
    <Box
      className="kasa-markdown"
      sx={{ overflowWrap: 'anywhere', '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 } }}
    >
      {rendered}
    </Box>
  );
});

export default Markdown;
