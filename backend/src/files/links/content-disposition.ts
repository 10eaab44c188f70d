/**
 * A Content-Disposition header that every browser reads: a plain ASCII `filename` for old ones
 * and the exact name, UTF-8 percent-encoded, in `filename*` (RFC 6266). Quotes, backslashes,
 * control characters and path separators never reach the header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const cleaned =
    [...filename]
      .map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || 'file';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/wav': 'wav',
  'audio/webm': 'webm',
};

/** The name a download gets when the file has no original name: `<kind>-<id start>.<extension>`. */
export function defaultFilename(kind: string, fileId: string, contentType: string): string {
  const extension = EXTENSIONS[contentType.split(';')[0].trim().toLowerCase()] ?? 'bin';
  return `${kind}-${fileId.slice(0, 8)}.${extension}`;
}
