// Markdown for assistant replies, rendered SAFELY: marked's lexer (≈15 KB gz, no renderer used)
// turns the text into tokens, and this file turns tokens into React elements. No HTML string is
// ever injected: raw HTML in a reply (<script>, <img onerror>) is shown as the text it is, and
// links open only http(s) and mailto URLs, in a new tab without an opener.
// Loaded lazily: the first screen (an empty chat) does not need it.
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Lexer, type Token, type Tokens } from 'marked';
import { Box, ButtonBase } from '@kasa/ui';
import { useT } from '@kasa/ui';
import { copyText } from './clipboard';
import { messages } from '../../messages';
import { decodeEntities, safeLinkUrl } from '../../shared/safe-url';

const LEX_OPTIONS = { gfm: true, breaks: true } as const;

/** Tokens of a reply. Exported for tests. */
export function lex(source: string): Token[] {
  try {
    return Lexer.lex(source, LEX_OPTIONS);
  } catch {
    // marked does not throw on any input it has met; should it, the text still shows.
    return [
      { type: 'paragraph', raw: source, text: source, tokens: [{ type: 'text', raw: source, text: source }] },
    ];
  }
}

function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const t = useT(messages);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const language = lang?.trim().split(/\s+/)[0] ?? '';
  const onCopy = () => {
    copyText(code).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <Box
      data-testid="code-block"
      sx={{ my: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          pl: 1.5,
          bgcolor: 'action.hover',
          fontSize: '0.8rem',
          color: 'text.secondary',
        }}
      >
        <span>{language || t('code')}</span>
        <ButtonBase
          onClick={onCopy}
          aria-label={state === 'idle' ? t('copyCode') : undefined}
          sx={{
            minHeight: 44,
            minWidth: 44,
            px: 1.5,
            fontSize: '0.85rem',
            fontWeight: 600,
            color: 'text.primary',
          }}
        >
          <span aria-live="polite">
            {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : t('copy')}
          </span>
        </ButtonBase>
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          overflowX: 'auto',
          fontSize: '0.875rem',
          lineHeight: 1.5,
          bgcolor: 'background.paper',
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

function renderInline(tokens: Token[] | undefined, key = 'i'): ReactNode[] {
  if (!tokens) return [];
  return tokens.map((token, index) => renderInlineToken(token, `${key}.${index}`));
}

function renderInlineToken(token: Token, key: string): ReactNode {
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

/** A reply's text as formatted, safe React elements. */
export const Markdown = memo(function Markdown({ source }: { source: string }) {
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
