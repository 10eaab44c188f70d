import { Tokenizer } from 'htmlparser2';

/**
 * Plain text out of the HTML that search providers and web pages send (Brave's <strong> marks,
 * SearXNG's highlighted snippets, whole pages for research), read by htmlparser2's tokenizer: one
 * pass over the input whatever it holds (unclosed comments, tags or scripts cost no more than
 * text), entities decoded by its HTML table. Its Parser is not used: it keeps open elements in an
 * array it shifts on every tag, which thousands of nested tags make quadratic. The little this file
 * needs of the tree (inside <body>? inside a dropped element?) is kept in counters instead.
 */

/** Elements dropped with their content: code, navigation, forms, embedded frames and drawings. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'nav',
  'footer',
  'form',
  'select',
  'iframe',
]);
/** Elements whose start and end are line breaks, so sentences do not run together. */
const BLOCKS = new Set([
  'br',
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'section',
  'article',
]);
/** Characters of a page's title kept. */
const TITLE_MAX = 500;
/** Characters of a snippet's HTML read: snippets and titles are a few hundred. */
const SNIPPET_INPUT_MAX = 100_000;

/**
 * Text with its white space collapsed as it comes: runs of spaces become one space, line breaks
 * separate lines, and no line is empty or starts or ends with a space. Stops taking text at `max`.
 */
class TextCollector {
  private text = '';
  private pending: '' | ' ' | '\n' = '';

  constructor(private readonly max: number) {}

  get full(): boolean {
    return this.text.length >= this.max;
  }

  add(chunk: string): void {
    const words = chunk.split(/\s+/);
    for (let index = 0; index < words.length && !this.full; index++) {
      if (index > 0) this.space();
      if (words[index] === '') continue;
      if (this.text !== '') this.text += this.pending;
      this.pending = '';
      this.text += words[index];
    }
  }

  space(): void {
    if (this.pending === '') this.pending = ' ';
  }

  lineBreak(): void {
    this.pending = '\n';
  }

  clear(): void {
    this.text = '';
    this.pending = '';
  }

  toString(): string {
    return this.text.slice(0, this.max);
  }
}

/** The callbacks of htmlparser2's tokenizer this file does not need (attributes, declarations). */
const IGNORED = {
  onattribdata() {},
  onattribentity() {},
  onattribend() {},
  onattribname() {},
  oncdata() {},
  ondeclaration() {},
  onend() {},
  onopentagend() {},
  onprocessinginstruction() {},
};

/** A snippet or title as one plain line: tags removed, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const input = html.slice(0, SNIPPET_INPUT_MAX);
  const text = new TextCollector(SNIPPET_INPUT_MAX);
  const tokenizer = new Tokenizer(
    {},
    {
      ...IGNORED,
      ontext: (start, end) => text.add(input.slice(start, end)),
      ontextentity: (codePoint) => text.add(String.fromCodePoint(codePoint)),
      oncomment: () => text.space(),
      onopentagname: () => undefined,
      onclosetag: () => undefined,
      onselfclosingtag: () => undefined,
    },
  );
  tokenizer.write(input);
  tokenizer.end();
  return text.toString();
}

export interface PageText {
  title?: string;
  text: string;
}

/**
 * A whole page's title and readable text: what is inside <body> (all of the page when it has
 * none) without the DROPPED elements; block starts and ends become line breaks. Reading stops
 * once `maxText` characters of text are collected.
 */
export function readPage(html: string, maxText: number): PageText {
  const title = new TextCollector(TITLE_MAX);
  const text = new TextCollector(maxText);
  /** Dropped elements open, by name: an end tag closes one only of its own kind. */
  const dropped = new Map<string, number>();
  let droppedDepth = 0;
  let inBody = false;
  let titleState: 'before' | 'in' | 'after' = 'before';
  let openedTag = '';

  const open = (name: string) => {
    if (DROPPED.has(name)) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      droppedDepth++;
    } else if (name === 'body' && !inBody) {
      // Text before <body> is the head's: the body's text is the page's.
      inBody = true;
      text.clear();
    } else if (name === 'title' && titleState === 'before' && droppedDepth === 0) titleState = 'in';
    if (BLOCKS.has(name)) text.lineBreak();
    else text.space();
  };
  const close = (name: string) => {
    const openCount = dropped.get(name) ?? 0;
    if (openCount > 0) {
      dropped.set(name, openCount - 1);
      droppedDepth--;
    }
    if (name === 'title' && titleState === 'in') titleState = 'after';
    if (BLOCKS.has(name)) text.lineBreak();
    else text.space();
  };
  const addText = (chunk: string) => {
    if (titleState === 'in') title.add(chunk);
    else if (droppedDepth === 0) text.add(chunk);
    if (text.full) tokenizer.pause(); // enough text: the rest of the page is not read
  };

  const tokenizer = new Tokenizer(
    {},
    {
      ...IGNORED,
      onopentagname: (start, end) => {
        openedTag = html.slice(start, end).toLowerCase();
        open(openedTag);
      },
      onclosetag: (start, end) => close(html.slice(start, end).toLowerCase()),
      // HTML ignores `/>` on its own elements (<script/> opens a script) but not on SVG's.
      onselfclosingtag: () => {
        if (openedTag === 'svg') close('svg');
      },
      ontext: (start, end) => addText(html.slice(start, end)),
      ontextentity: (codePoint) => addText(String.fromCodePoint(codePoint)),
      oncomment: () => text.space(),
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  const pageTitle = title.toString();
  return { title: pageTitle === '' ? undefined : pageTitle, text: text.toString() };
}
