// The data saver's image variants: Kasa's signed file links (/api/files/<id>?…) take
// `variant=thumb` (a small WebP) or `variant=original` (the file itself, even under Save-Data:
// the server would otherwise answer that header with the thumbnail). Other links are left alone.

export type MediaVariant = 'thumb' | 'original';

export function isAppFileUrl(url: string): boolean {
  return url.startsWith('/api/files/');
}

export function withMediaVariant(url: string, variant: MediaVariant): string {
  if (!isAppFileUrl(url)) return url;
  const cleaned = url.replace(/([?&])variant=[^&]*&?/, '$1').replace(/[?&]$/, '');
  return `${cleaned}${cleaned.includes('?') ? '&' : '?'}variant=${variant}`;
}

/** Speech the data saver asks for: Opus (about half mp3's bytes) where the browser plays Ogg Opus. */
export function canPlayOggOpus(): boolean {
  try {
    return new Audio().canPlayType('audio/ogg; codecs=opus') !== '';
  } catch {
    return false;
  }
}

/**
 * The types the server makes thumbnails of (backend/src/files/thumbnails/webp-thumbnail.ts). A WebP
 * is already compressed like its thumbnail would be, and the server's ffmpeg cannot decode one.
 */
export function hasThumbnail(mimeType: string): boolean {
  return /^image\/(png|jpeg|gif|bmp)$/i.test(mimeType);
}
