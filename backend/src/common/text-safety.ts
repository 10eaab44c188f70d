/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (a UTF-16 surrogate without its pair:
 * JSON's "\ud800" escape makes one, and encodeURI, hence validator.js's isEmail, throws on it).
 * Well-formed text of any script, emoji surrogate pairs included, is safe.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/**
 * Where unsafe text was found: in a value (`field` is its path, e.g. 'extra[0].note'; '' is the
 * whole input) or in a field name (`parent` is the object holding it; '' is the top level).
 */
export type UnsafeTextLocation = { kind: 'value'; field: string } | { kind: 'name'; parent: string };

/** Longest field name quoted back in an error (a key can be as long as the body). */
const MAX_NAME_LENGTH = 64;

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const name = key.length > MAX_NAME_LENGTH ? `${key.slice(0, MAX_NAME_LENGTH)}…` : key;
  return parent ? `${parent}.${name}` : name;
}

/**
 * The first unsafe text in a parsed body or query, in the order the fields were sent. Iterative,
 * so no nesting can overflow the stack; its cost is the size of the input (bound it first).
 */
export function findUnsafeText(input: unknown): UnsafeTextLocation | null {
  const stack: Array<[unknown, string]> = [[input, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return { kind: 'value', field: path };
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key] of entries)
      if (typeof key === 'string' && !isSafeText(key)) return { kind: 'name', parent: path };
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], childPath(path, entries[i][0])]);
  }
  return null;
}
