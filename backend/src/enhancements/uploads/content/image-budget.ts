import { imageSizeFromFile } from 'image-size/fromFile';

/**
 * Pixels tesseract is given at most: a page scanned at 300 dpi is 8.7 megapixels, so more adds
 * memory and time, not words. A larger image is scaled down to this before OCR; tesseract needs
 * about 20 bytes a pixel, so this stays far below UPLOAD_CHILD_MEMORY_MB's default.
 */
export const OCR_MAX_PIXELS = 12_000_000;
/** A scanned PDF page is rendered with its longer side this long: at most 9 megapixels, whatever its size in points. */
export const PDF_RENDER_MAX_SIDE = 3000;

export interface ImageDimensions {
  width: number;
  height: number;
}

/** The image's size from its header alone (no pixel is decoded), or null when the header is unreadable. */
export async function imageDimensions(path: string): Promise<ImageDimensions | null> {
  try {
    const { width, height } = await imageSizeFromFile(path);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The size to scale an image to so that it has at most `maxPixels`, keeping its proportions
 * (never enlarged: null when it already fits).
 */
export function scaledToFit({ width, height }: ImageDimensions, maxPixels: number): ImageDimensions | null {
  if (width * height <= maxPixels) return null;
  const factor = Math.sqrt(maxPixels / (width * height));
  return { width: Math.max(1, Math.floor(width * factor)), height: Math.max(1, Math.floor(height * factor)) };
}

export const megapixels = ({ width, height }: ImageDimensions) => Math.round((width * height) / 100_000) / 10;
