import { detectAudioType } from './audio-type';

function bytes(...parts: (string | number[])[]): Buffer {
  return Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );
}

describe('detectAudioType', () => {
  it.each([
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'wav', 'audio/wav'],
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'mp3', 'audio/mpeg'],
    ['MP3 frames', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0]), 'mp3', 'audio/mpeg'],
    ['Ogg (Opus, Vorbis)', bytes('OggS', [0, 2, 0, 0]), 'ogg', 'audio/ogg'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 0x22]), 'flac', 'audio/flac'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'm4a', 'audio/mp4'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]), 'webm', 'audio/webm'],
    ['AAC in ADTS', bytes([0xff, 0xf1, 0x50, 0x80, 0, 0]), 'aac', 'audio/aac'],
  ])('recognises %s from its first bytes', (_name, input, container, contentType) => {
    expect(detectAudioType(input)).toMatchObject({ container, contentType });
  });

  it.each([
    ['a PNG image', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])],
    ['a RIFF file that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['text named song.mp3', bytes('hello, this is not audio')],
    ['a PDF', bytes('%PDF-1.7')],
    ['too few bytes', bytes('RI')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, input) => {
    expect(detectAudioType(input)).toBeUndefined();
  });
});
