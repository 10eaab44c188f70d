import { ffmpegPath } from '../../processes/ffmpeg';
import { runProcess } from '../../processes/run-process';

/** The data saver's thumbnails: small enough for a chat bubble on a phone, a few KB each. */
export const THUMBNAIL_MAX_SIDE = 320;
export const THUMBNAIL_QUALITY = 60;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

/** Images ffmpeg decodes into a thumbnail (SVG is not one: it is drawn, not decoded). */
export function canHaveThumbnail(contentType: string): boolean {
  return /^image\/(png|jpeg|webp|gif|bmp)$/i.test(contentType);
}

/** What one ffmpeg run may take (THUMBNAIL_MEMORY_MB, the thumbnails' time limit). */
export interface ThumbnailRunLimits {
  memoryLimitBytes: number;
  timeoutMs: number;
}

/**
 * A WebP of the image's first frame, its longest side at most THUMBNAIL_MAX_SIDE (never enlarged),
 * through the ffmpeg binary the backend already ships for audio (no native image module to build).
 * One decoding thread: each thread reserves its own buffers, and the address-space limit counts
 * them all. Throws ProcessFailedError when ffmpeg cannot decode the bytes, runs out of its memory
 * or its time (then with `ending`), or cannot start (without).
 */
export async function webpThumbnail(image: Buffer, limits: ThumbnailRunLimits): Promise<Buffer> {
  const side = THUMBNAIL_MAX_SIDE;
  const { stdout } = await runProcess(
    ffmpegPath(),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-threads',
      '1',
      '-i',
      'pipe:0',
      '-frames:v',
      '1',
      '-filter_threads',
      '1',
      '-vf',
      `scale='min(${side},iw)':'min(${side},ih)':force_original_aspect_ratio=decrease`,
      '-c:v',
      'libwebp',
      '-quality',
      String(THUMBNAIL_QUALITY),
      '-f',
      'webp',
      'pipe:1',
    ],
    {
      input: image,
      timeoutMs: limits.timeoutMs,
      memoryLimit: { bytes: limits.memoryLimitBytes, kind: 'address-space' },
    },
  );
  if (!isWebp(stdout)) throw new Error('ffmpeg wrote no WebP image');
  return stdout;
}

/** RIFF....WEBP */
export function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length > 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  );
}
