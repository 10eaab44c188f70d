import { setImmediate as nextTurn } from 'node:timers/promises';
import { pngDimensions } from '../../ai/images/png';

const DATA_URL_PREFIX = 'data:image/png;base64,';
/**
 * Base64 characters checked and decoded per turn of the event loop: a few milliseconds of work
 * (a multiple of 4, so each part decodes on its own).
 */
export const BASE64_PART_LENGTH = 256 * 1024;
const BASE64_PART = /^[A-Za-z0-9+/]*$/;
/** Only the last part may end with padding. */
const BASE64_LAST_PART = /^[A-Za-z0-9+/]*={0,2}$/;
/** The IEND chunk every complete PNG ends with (length 0, type, CRC). */
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export const CANVAS_NOT_DATA_URL = 'The canvas image must be a PNG data URL (data:image/png;base64,…).';
export const CANVAS_NOT_PNG = 'The canvas image is not a valid PNG.';

export type CanvasPngCheck =
  | { ok: true; png: Buffer }
  | { ok: false; reason: 'not-data-url' | 'not-png' }
  | { ok: false; reason: 'size-mismatch'; width: number; height: number };

/**
 * The base64 of a data URL decoded part by part, yielding to the event loop between parts: a
 * 15 MB data URL checked and decoded in one go held the loop (and every other request) for over
 * 100 ms. Null when it is not base64.
 */
async function decodeBase64(dataUrl: string, start: number): Promise<Buffer | null> {
  const bytes = Buffer.allocUnsafe(((dataUrl.length - start) / 4) * 3);
  let written = 0;
  for (let from = start; from < dataUrl.length; from += BASE64_PART_LENGTH) {
    const last = from + BASE64_PART_LENGTH >= dataUrl.length;
    const part = dataUrl.slice(from, from + BASE64_PART_LENGTH);
    if (!(last ? BASE64_LAST_PART : BASE64_PART).test(part)) return null;
    written += bytes.write(part, written, 'base64');
    if (!last) await nextTurn();
  }
  return bytes.subarray(0, written);
}

/**
 * The PNG a canvas data URL carries, when it is one of `width` x `height` pixels: the signature,
 * an IHDR of that size and an IEND at the end (a cut-off upload is refused, not stored broken).
 * The pixels are not decoded: the browser drew them, and <img> only ever shows them.
 */
export async function readCanvasPng(dataUrl: string, width: number, height: number): Promise<CanvasPngCheck> {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) return { ok: false, reason: 'not-data-url' };
  const base64Length = dataUrl.length - DATA_URL_PREFIX.length;
  if (!base64Length || base64Length % 4 !== 0) return { ok: false, reason: 'not-data-url' };
  const png = await decodeBase64(dataUrl, DATA_URL_PREFIX.length);
  if (!png) return { ok: false, reason: 'not-data-url' };
  const size = pngDimensions(png);
  if (!size || png.length < 8 + 25 + IEND.length || !png.subarray(png.length - IEND.length).equals(IEND))
    return { ok: false, reason: 'not-png' };
  if (size.width !== width || size.height !== height)
    return { ok: false, reason: 'size-mismatch', width: size.width, height: size.height };
  return { ok: true, png };
}
