import { pngDimensions } from '../../ai/images/png';

const DATA_URL_PREFIX = 'data:image/png;base64,';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The IEND chunk every complete PNG ends with (length 0, type, CRC). */
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export const CANVAS_NOT_DATA_URL = 'The canvas image must be a PNG data URL (data:image/png;base64,…).';
export const CANVAS_NOT_PNG = 'The canvas image is not a valid PNG.';

export type CanvasPngCheck =
  | { ok: true; png: Buffer }
  | { ok: false; reason: 'not-data-url' | 'not-png' }
  | { ok: false; reason: 'size-mismatch'; width: number; height: number };

/**
 * The PNG a canvas data URL carries, when it is one of `width` x `height` pixels: the signature,
 * an IHDR of that size and an IEND at the end (a cut-off upload is refused, not stored broken).
 * The pixels are not decoded: the browser drew them, and <img> only ever shows them.
 */
export function readCanvasPng(dataUrl: string, width: number, height: number): CanvasPngCheck {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) return { ok: false, reason: 'not-data-url' };
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (!base64.length || base64.length % 4 !== 0 || !BASE64.test(base64))
    return { ok: false, reason: 'not-data-url' };
  const png = Buffer.from(base64, 'base64');
  const size = pngDimensions(png);
  if (!size || png.length < 8 + 25 + IEND.length || !png.subarray(png.length - IEND.length).equals(IEND))
    return { ok: false, reason: 'not-png' };
  if (size.width !== width || size.height !== height)
    return { ok: false, reason: 'size-mismatch', width: size.width, height: size.height };
  return { ok: true, png };
}
