/** The audio containers an upload may be, recognised from their first bytes. */
export type AudioContainer = 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a' | 'webm' | 'aac';

export interface AudioType {
  container: AudioContainer;
  /** The content type to store and serve it with. */
  contentType: string;
  /** The file extension multipart uploads to a provider are named with. */
  extension: string;
}

const TYPES: Record<AudioContainer, AudioType> = {
  wav: { container: 'wav', contentType: 'audio/wav', extension: 'wav' },
  mp3: { container: 'mp3', contentType: 'audio/mpeg', extension: 'mp3' },
  ogg: { container: 'ogg', contentType: 'audio/ogg', extension: 'ogg' },
  flac: { container: 'flac', contentType: 'audio/flac', extension: 'flac' },
  m4a: { container: 'm4a', contentType: 'audio/mp4', extension: 'm4a' },
  webm: { container: 'webm', contentType: 'audio/webm', extension: 'webm' },
  aac: { container: 'aac', contentType: 'audio/aac', extension: 'aac' },
};

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return Buffer.from(bytes.subarray(start, start + length)).toString('latin1');
}

/** An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved". */
function isMpegFrame(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) !== 0;
}

/** An ADTS (raw AAC) header: 12 sync bits and layer 00. */
function isAdtsFrame(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0;
}

/**
 * The audio type of some bytes from their magic numbers, never from a file name or a declared
 * content type (both are the client's word). Undefined when the bytes are not a known audio
 * container. Only the first bytes are needed.
 */
export function detectAudioType(bytes: Uint8Array): AudioType | undefined {
  if (bytes.length < 4) return undefined;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return TYPES.wav;
  if (ascii(bytes, 0, 4) === 'OggS') return TYPES.ogg;
  if (ascii(bytes, 0, 4) === 'fLaC') return TYPES.flac;
  // ISO base media (MP4 / M4A / 3GP): a box size, then "ftyp".
  if (ascii(bytes, 4, 4) === 'ftyp') return TYPES.m4a;
  // EBML header: WebM and Matroska (what browsers' MediaRecorder produces).
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return TYPES.webm;
  // An ID3v2 tag comes before MP3 frames (and, rarely, AAC ones: ffmpeg reads both the same way).
  if (ascii(bytes, 0, 3) === 'ID3') return TYPES.mp3;
  if (isAdtsFrame(bytes)) return TYPES.aac;
  if (isMpegFrame(bytes)) return TYPES.mp3;
  return undefined;
}
