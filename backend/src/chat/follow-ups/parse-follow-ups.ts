import { CHAT_FOLLOW_UPS_MAX } from '@kasa/contracts';

/** Longest suggestion kept (characters): a chip on a 360 px screen, two lines at most. */
export const FOLLOW_UP_MAX_LENGTH = 120;

/** A reasoning model's thinking, which some OpenAI-compatible servers send inside the text. */
const THINKING = /<think>[\s\S]*?(?:<\/think>|$)/gi;
/** List markers: bullets, "1." "1)" "(1)" "1 -" "Q1:" numbering. */
const LIST_MARKER = /^(?:[-*•·–—+]+\s*|\(?\d{1,2}[.):\]]\s*|\d{1,2}\s+[-–—]\s+|q\d{1,2}\s*[.:)-]\s*)/i;
/** Quotes and emphasis a model wraps a suggestion in. */
const WRAPPERS: ReadonlyArray<[string, string]> = [
  ['**', '**'],
  ['__', '__'],
  ['*', '*'],
  ['_', '_'],
  ['`', '`'],
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['„', '“'],
];

function unwrap(line: string): string {
  let text = line;
  for (let changed = true; changed;) {
    changed = false;
    for (const [open, close] of WRAPPERS) {
      if (text.length > open.length + close.length && text.startsWith(open) && text.endsWith(close)) {
        text = text.slice(open.length, text.length - close.length).trim();
        changed = true;
      }
    }
  }
  return text.replace(/^«\s*/, '').replace(/\s*»$/, '');
}

function cleanLine(line: string): string {
  let text = line.replace(/\s+/g, ' ').trim();
  // A marker inside emphasis ("**1. What…**") or outside it ("1. **What…**"): the wrapping goes
  // first, so the "**" of emphasis is not taken for a bullet, then the marker, until neither is left.
  for (let before = ''; before !== text;) {
    before = text;
    text = unwrap(text).replace(LIST_MARKER, '').trim();
  }
  return text;
}

/**
 * The suggestions in a model's answer to the follow-up request (follow-up-prompt.ts): one per
 * line, without numbering, bullets, quotes or emphasis; empty lines, lines too long for a chip and
 * introductions ("Here are three questions:") dropped; case-insensitive duplicates dropped; at
 * most CHAT_FOLLOW_UPS_MAX. Models do not always follow the format, so nothing here trusts it.
 */
export function parseFollowUps(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.replace(THINKING, '').split(/\r\n|\r|\n/)) {
    const line = cleanLine(raw);
    if (!line || line.length > FOLLOW_UP_MAX_LENGTH || line.endsWith(':')) continue;
    const key = line.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(line);
    if (found.length === CHAT_FOLLOW_UPS_MAX) break;
  }
  return found;
}
