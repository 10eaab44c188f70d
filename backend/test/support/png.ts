import { crc32, deflateSync } from 'node:zlib';

/**
 * PNG files built byte by byte, for tests of what images may cost: real pictures, pictures of
 * noise that do not compress, and headers that declare more pixels than the bytes hold.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS = { grey: 1, rgb: 3, rgba: 4 } as const;
const COLOUR_TYPE = { grey: 0, rgb: 2, rgba: 6 } as const;

export type PngColour = keyof typeof CHANNELS;

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says width × height (8 bits a channel) around the IDAT data given, whatever it holds. */
export function pngWithData(width: number, height: number, colour: PngColour, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = COLOUR_TYPE[colour];
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PngPixels {
  colour?: PngColour;
  /** Every byte of every row (default 0xff: white). */
  fill?: number;
  /** The first rows this many are random noise, which does not compress (a busy photo or drawing). */
  noisyRows?: number;
  /** zlib's level (1 is fast for large noisy pictures). */
  level?: number;
}

/** A real, complete PNG of width × height. */
export function encodePng(
  width: number,
  height: number,
  { colour = 'rgb', fill = 0xff, noisyRows = 0, level }: PngPixels = {},
): Buffer {
  const row = 1 + width * CHANNELS[colour];
  const raw = Buffer.alloc(row * height, fill);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    if (y < noisyRows) for (let x = 1; x < row; x++) raw[y * row + x] = Math.floor(Math.random() * 256);
  }
  return pngWithData(width, height, colour, deflateSync(raw, level === undefined ? {} : { level }));
}
