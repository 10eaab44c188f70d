/** Longest title made from a first message (characters, the … included). */
export const AUTO_TITLE_MAX_LENGTH = 60;

const ELLIPSIS = '…';

/**
 * A new conversation's title: the first line of its first message, spaces collapsed, at most 60
 * characters; a longer line is cut on a word boundary (inside a word only when the first word is
 * itself too long) and ends with '…'. Counts characters, not UTF-16 units, so emoji stay whole.
 */
export function conversationTitle(message: string): string {
  const firstLine =
    message
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .find((line) => line.length > 0) ?? '';
  const chars = Array.from(firstLine);
  if (chars.length === 0) return 'New conversation';
  if (chars.length <= AUTO_TITLE_MAX_LENGTH) return firstLine;

  const room = chars.slice(0, AUTO_TITLE_MAX_LENGTH - 1);
  let cut = room.length;
  if (chars[room.length] !== ' ') {
    const lastSpace = room.lastIndexOf(' ');
    if (lastSpace > 0) cut = lastSpace;
  }
  const head = room
    .slice(0, cut)
    .join('')
    .replace(/[\s,;:.!?\-–—]+$/u, '');
  return (head || room.join('')) + ELLIPSIS;
}
