/**
 * What text an upload may be (plain, CSV, JSON) and what it may not: text means printable text,
 * and markup a browser or a shell would run (HTML, SVG, XML, a script) is refused even when it is
 * text, whatever the file is called. Pure functions: text-kind.task.ts reads the file with them on
 * a worker thread.
 */

export type TextType = 'text/plain' | 'text/csv' | 'application/json';
/** Why text is refused: control characters (a binary), markup, or a script. */
export type TextRefusal = 'binary' | 'markup' | 'script';

/**
 * Characters no text file has: the C0 controls but tab, line feed, form feed and carriage return
 * (ASCII's four layout characters), DEL, and the C1 controls (U+0080-U+009F, typical of a binary
 * or of Latin-1 read as UTF-8). Finding them is the point, hence the rule's exception.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Markup by its first tag, after any spaces: the HTML openings of the WHATWG MIME sniffing rules
 * (https://mimesniff.spec.whatwg.org/#identifying-a-resource-with-an-unknown-mime-type), plus SVG
 * and an XML declaration (an SVG starts with one).
 */
const MARKUP_START =
  /^<(?:!doctype\s+(?:html|svg)|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|\?xml)(?=[\s/>])|^<!--/i;
/** A script for a shell or an interpreter: a '#!' first line. */
const SHEBANG = /^#!/;

/** The refusal of text by its start (BOM already removed), or null when it may be stored. */
export function refusedStart(start: string): TextRefusal | null {
  if (SHEBANG.test(start)) return 'script';
  if (MARKUP_START.test(start.trimStart())) return 'markup';
  return null;
}

/** An object or an array that parses (a lone number or word is text, not JSON). */
export function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** How much of a text file's start the CSV check reads. */
export const CSV_SNIFF_CHARS = 64 * 1024;
const CSV_SNIFF_LINES = 20;
const CSV_DELIMITERS = [',', ';', '\t', '|'];

/**
 * CSV: at least two non-empty lines among the first ones, all with the same number (two or more)
 * of columns for one delimiter (quoted fields respected). A last line cut by the sniff is ignored.
 */
export function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/);
  if (text.length >= CSV_SNIFF_CHARS) lines.pop();
  const sample = lines.filter((line) => line.trim() !== '').slice(0, CSV_SNIFF_LINES);
  if (sample.length < 2) return false;
  return CSV_DELIMITERS.some((delimiter) => {
    const counts = sample.map((line) => columnCount(line, delimiter));
    return counts[0] >= 2 && counts.every((count) => count === counts[0]);
  });
}

function columnCount(line: string, delimiter: string): number {
  let columns = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) columns++;
  }
  return quoted ? -1 : columns;
}
