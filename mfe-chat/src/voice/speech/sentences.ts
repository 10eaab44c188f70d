// Voice mode speaks a reply while it streams (docs/product.md#voice): the markdown written so far
// is cut into the sentences that are complete, each turned into speech text
// (conversation/speech-text.ts). A sentence ends at . ! ? … ። ؟ followed by a space, at a line
// break (list items, headings, paragraphs), or, in a long run with neither, at a comma or a space
// near SENTENCE_MAX_LENGTH characters. The reply's first chunk is cut shorter (near
// FIRST_CHUNK_LENGTH, at a pause or a word boundary): speech starts once that chunk is spoken, and
// synthesis time grows with its length (bench/README.md "Voice turn"). A code block is not read
// aloud: it is said to be on screen.
import { speechTextOf } from '../../shared/speech-text';

/** A run without an end mark is cut near this many characters (a phrase the ear can hold). */
export const SENTENCE_MAX_LENGTH = 200;

/** Where a long run is cut: at its last comma after this many characters, else its last space. */
const COMMA_SEARCH_FROM = 120;

/**
 * The reply's first chunk ends by about this many characters: at its last pause (comma, semicolon,
 * colon, dash) within them, else at the first word boundary after them.
 */
export const FIRST_CHUNK_LENGTH = 60;

/** A pause closer to the start than this makes too short a first chunk to be worth a cut. */
const FIRST_CHUNK_MIN_PAUSE = 20;

/** A comma, semicolon or colon before a space, a dash between spaces, or an en or em dash. */
const PAUSE = /[,;:](?=\s)|\s-(?=\s)|[–—]/g;

/** The Ethiopic full stop and question mark (Amharic) and the Arabic question mark end sentences too. */
const END_MARKS = '.!?…።፧؟';
/** After an end mark and before the space: closing quotes, brackets and markdown emphasis. */
const CLOSERS = `"'”’»)]*_\``;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** `1.` at the start of a line is a list number, not the end of a sentence. */
function isListNumber(line: string): boolean {
  return /^\s*\d+\.$/.test(line);
}

export class SentenceSplitter {
  /** How much of the markdown has been cut into sentences. */
  private done = 0;
  /** Whether a chunk has been said yet: the first one follows the shorter rule. */
  private started = false;

  /** `codeOnScreen`: what is said in a code block's place, in the UI's language. */
  constructor(private readonly codeOnScreen: string) {}

  /**
   * The sentences completed in `markdown` (the whole reply so far; it only grows) since the last
   * call, as speech text, in order. What is still being written waits for more text or `finish`.
   */
  push(markdown: string): string[] {
    return this.cut(markdown, false);
  }

  /** The reply is complete: every sentence left, including an unfinished last one. */
  finish(markdown: string): string[] {
    return this.cut(markdown, true);
  }

  private cut(markdown: string, complete: boolean): string[] {
    const out: string[] = [];
    const say = (segment: string) => {
      const text = speechTextOf(segment).replace(/\s+/g, ' ').trim();
      // A line of marks only (a rule, an empty bullet) has nothing to say.
      if (/[\p{L}\p{N}]/u.test(text)) out.push(text);
    };
    const spoken = () => out.length > 0 || this.started;
    while (this.done < markdown.length) {
      const rest = markdown.slice(this.done);
      const lineEnd = rest.indexOf('\n');
      const line = lineEnd < 0 ? rest : rest.slice(0, lineEnd);
      const fence = FENCE.exec(line);
      if (fence && this.atLineStart(markdown)) {
        const close = closingFence(rest, lineEnd, fence[1]);
        if (close < 0 && !complete) break; // still being written: wait for its end
        out.push(this.codeOnScreen);
        this.done += close < 0 ? rest.length : close;
        continue;
      }
      // The next sentence: to its end mark, else to the line break; a long one is cut shorter.
      const end = sentenceEnd(line) || (lineEnd >= 0 ? lineEnd + 1 : 0);
      if (!spoken() && (end > FIRST_CHUNK_LENGTH || (!end && line.length > FIRST_CHUNK_LENGTH))) {
        const at = firstChunkCut(line);
        if (at) {
          say(line.slice(0, at));
          this.done += at;
          continue;
        }
        // No word boundary after FIRST_CHUNK_LENGTH yet: wait for one, or follow the usual rule.
        if (!end && !complete) break;
      }
      if (end > SENTENCE_MAX_LENGTH || (!end && line.length > SENTENCE_MAX_LENGTH)) {
        const at = longRunCut(line);
        say(line.slice(0, at));
        this.done += at;
        continue;
      }
      if (end) {
        say(rest.slice(0, end));
        this.done += end;
        continue;
      }
      if (complete) {
        say(line);
        this.done = markdown.length;
      }
      break;
    }
    if (out.length) this.started = true;
    return out;
  }

  private atLineStart(markdown: string): boolean {
    return this.done === 0 || markdown[this.done - 1] === '\n';
  }
}

/**
 * Where the sentence that starts `line` ends (the index after its mark, closers and the space
 * after them), or 0 when no complete sentence is in it yet. A mark at the very end of the text
 * is not an end yet: "3." may become "3.5".
 */
function sentenceEnd(line: string): number {
  for (let i = 0; i < line.length; i += 1) {
    if (!END_MARKS.includes(line[i])) continue;
    let j = i + 1;
    while (j < line.length && (END_MARKS.includes(line[j]) || CLOSERS.includes(line[j]))) j += 1;
    if (j >= line.length || !/\s/.test(line[j])) {
      i = j - 1;
      continue;
    }
    if (line[i] === '.' && isListNumber(line.slice(0, i + 1))) continue;
    return j + 1;
  }
  return 0;
}

/** A fenced block's end in `rest` (after its closing line), or -1 while it is still open. */
function closingFence(rest: string, firstLineEnd: number, opener: string): number {
  if (firstLineEnd < 0) return -1;
  let at = firstLineEnd + 1;
  while (at < rest.length) {
    const next = rest.indexOf('\n', at);
    const line = next < 0 ? rest.slice(at) : rest.slice(at, next);
    const closing = new RegExp(`^ {0,3}${opener[0]}{${opener.length},}\\s*$`).test(line);
    if (closing) return next < 0 ? rest.length : next + 1;
    if (next < 0) return -1;
    at = next + 1;
  }
  return -1;
}

/** Where to cut a long run: after its last comma past COMMA_SEARCH_FROM, else at its last space. */
function longRunCut(line: string): number {
  const head = line.slice(0, SENTENCE_MAX_LENGTH);
  const comma = head.lastIndexOf(',');
  if (comma >= COMMA_SEARCH_FROM) return comma + 1;
  const space = head.lastIndexOf(' ');
  return space > 0 ? space + 1 : SENTENCE_MAX_LENGTH;
}

/**
 * Where to cut the reply's first chunk, given that its sentence runs past FIRST_CHUNK_LENGTH: after
 * the last pause within it (past FIRST_CHUNK_MIN_PAUSE), else at the first space after it; 0 while
 * neither is written yet.
 */
function firstChunkCut(line: string): number {
  let pause = 0;
  for (const match of line.slice(0, FIRST_CHUNK_LENGTH + 1).matchAll(PAUSE)) {
    const after = match.index + match[0].length;
    if (after >= FIRST_CHUNK_MIN_PAUSE && after <= FIRST_CHUNK_LENGTH) pause = after;
  }
  if (pause) return pause;
  const space = line.slice(FIRST_CHUNK_LENGTH).search(/\s/);
  return space < 0 ? 0 : FIRST_CHUNK_LENGTH + space + 1;
}
