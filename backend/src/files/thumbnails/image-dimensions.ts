import { imageSize } from 'image-size';

/** The formats thumbnails are made of, as image-size names them (see canHaveThumbnail). */
const THUMBNAIL_FORMATS = new Set(['png', 'jpg', 'webp', 'gif', 'bmp']);

/**
 * Bytes read from an image's start: enough for every header image-size reads (a JPEG's size
 * comes after its EXIF and ICC segments, which cameras keep well under this).
 */
export const IMAGE_HEADER_BYTES = 512 * 1024;

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The width and height the image's header declares, read without decoding a pixel: null when the
 * bytes are not one of the thumbnail formats or their header is cut short or broken.
 */
export function imageDimensions(head: Uint8Array): ImageDimensions | null {
  try {
    // A copy of its own: image-size reads through DataViews of the whole underlying ArrayBuffer,
    // so a cut-off header in a pooled Buffer would be completed by whatever bytes follow it.
    const { width, height, type } = imageSize(new Uint8Array(head));
    if (!type || !THUMBNAIL_FORMATS.has(type) || !(width > 0) || !(height > 0)) return null;
    return { width, height };
  } catch {
    return null;
  }
}
