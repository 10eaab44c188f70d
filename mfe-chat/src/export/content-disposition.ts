// The file name a download is saved under, from the server's Content-Disposition (RFC 6266):
// `filename*=UTF-8''…` (percent-encoded, any language's letters) wins over `filename="…"`.

/** Characters no file system takes in a name (and path separators); control characters go too. */
const UNSAFE = /[\\/:*?"<>|]+/g;

function clean(name: string): string | null {
  const printable = [...name].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const safe = printable.replace(UNSAFE, '_').trim();
  return safe && safe !== '.' && safe !== '..' ? safe.slice(0, 200) : null;
}

export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = /^[\w-]*'[\w-]*'(.*)$/.exec(value);
    try {
      const name = clean(decodeURIComponent(encoded ? encoded[1] : value));
      if (name) return name;
    } catch {
      // Badly encoded: the plain filename below may still be there.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const raw = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  return clean(raw);
}
