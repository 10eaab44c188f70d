/** About how long a passage is: a few paragraphs, small enough to rank and to quote on its own. */
export const PASSAGE_TARGET_CHARS = 1500;
/** A passage never passes this (a paragraph or sentence longer than it is cut). */
const PASSAGE_MAX_CHARS = 2000;
/** Text indexed per upload at most: a 50 MB text file would otherwise be tens of thousands of rows. */
export const MAX_INDEXED_CHARS = 5_000_000;

/**
 * The control characters cleanText replaces: matching them is the point, so the rule against
 * control characters in a regular expression does not apply here.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Normalises extracted text: one kind of line break, no trailing spaces, no runs of blank lines,
 * no control characters (a PDF's form feeds, a DOC's field marks) beside tab and newline. Linear
 * in the text's length: trailing spaces are cut line by line, as a regular expression such as
 * /[ \t]+\n/g backtracks over every run of spaces not followed by a line break (a text of a
 * million spaces would take hours).
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARACTERS, ' ')
    .split('\n')
    .map(withoutTrailingSpaces)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function withoutTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return end === line.length ? line : line.slice(0, end);
}

/**
 * Cuts text into passages of about PASSAGE_TARGET_CHARS: whole paragraphs gathered while they fit;
 * a paragraph too long alone is cut between sentences, a sentence too long between words, a word
 * too long anywhere. Joined back with blank lines, the passages give the text again (less spaces).
 */
export function toPassages(text: string): string[] {
  const passages: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) passages.push(current.trim());
    current = '';
  };
  const add = (piece: string, separator: string) => {
    if (current && current.length + separator.length + piece.length > PASSAGE_TARGET_CHARS) flush();
    current = current ? current + separator + piece : piece;
  };
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    if (trimmed.length <= PASSAGE_TARGET_CHARS) {
      add(trimmed, '\n\n');
      continue;
    }
    flush();
    for (const sentence of splitSentences(trimmed)) for (const piece of cutLong(sentence)) add(piece, ' ');
    flush();
  }
  flush();
  return passages;
}

function splitSentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?。؟።])\s+/).filter(Boolean);
}

/** A piece longer than PASSAGE_MAX_CHARS, cut at the last space before the limit (or at it). */
function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > PASSAGE_MAX_CHARS) {
    const space = rest.lastIndexOf(' ', PASSAGE_TARGET_CHARS);
    const cut = space > PASSAGE_TARGET_CHARS / 2 ? space : PASSAGE_TARGET_CHARS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
