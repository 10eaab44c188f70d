/**
 * A reply's Markdown as one line of plain text, for a link preview's description (og:description):
 * what a chat app shows under the title, where `**`, `#` or a link's URL would be noise.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Fenced code: keep the code, drop the fences and their language.
      .replace(/^\s*(```|~~~)[^\n]*$/gm, ' ')
      // Images and links: their text, not their address.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      // HTML tags a model may write (<br>, <sup>).
      .replace(/<[^>]+>/g, ' ')
      // Headings, quotes, list markers and table rules at the start of a line.
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ')
      .replace(/\|/g, ' ')
      // Emphasis, strike-through and inline code marks (a single `_` only around words: soil_ph stays).
      .replace(/(^|[^\p{L}\p{N}_])_([^_\n]+)_(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/(\*{1,3}|_{2,3}|~~|`+)/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * At most `maxLength` characters of `text`, cut at a word when one ends near the limit, with an
 * ellipsis when anything was cut.
 */
export function shortened(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace >= maxLength * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.trimEnd()}…`;
}
