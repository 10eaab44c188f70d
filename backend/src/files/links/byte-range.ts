/** Bytes `start` to `end`, both included (as in HTTP's Range and Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range: bytes=…` header asks of a `size`-byte file (how <audio> seeks):
 * undefined to send the whole file (no header, a malformed one, or several ranges, which RFC 9110
 * lets a server answer in full), 'unsatisfiable' when it starts past the end.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
