/** File name extensions of the types the studio downloads (anything else keeps the server's name). */
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
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
};

/** `base` with the extension of `contentType` ('kasa-speech' + 'audio/mpeg' → 'kasa-speech.mp3'). */
export function fileNameFor(base: string, contentType: string): string {
  const extension = EXTENSIONS[contentType.split(';')[0].trim().toLowerCase()];
  return extension ? `${base}.${extension}` : base;
}

/**
 * Saves a stored file (a signed link, which needs no header) under a readable name. The file is
 * fetched and saved from memory: the inline link's signature does not cover `download=1`, and an
 * <a download> to another origin is ignored by browsers. Rejects when the file cannot be fetched.
 */
export async function downloadFile(url: string, baseName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`Download failed: ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFor(baseName, blob.type || response.headers.get('content-type') || '');
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
