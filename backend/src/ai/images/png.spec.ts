import { isPng, pngDimensions } from './png';

/** The first 24 bytes of a PNG: signature, IHDR length and type, width, height. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('png', () => {
  it('reads the width and height a PNG declares', () => {
    expect(pngDimensions(pngHeader(1792, 1024))).toEqual({ width: 1792, height: 1024 });
  });

  it('refuses bytes that are not a PNG (JPEG, HTML error page, too short)', () => {
    expect(isPng(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(20)]))).toBe(false);
    expect(isPng(Buffer.from('<html><body>502 Bad Gateway</body></html>'))).toBe(false);
    expect(isPng(pngHeader(1, 1).subarray(0, 20))).toBe(false);
    expect(pngDimensions(Buffer.from('not an image at all, really'))).toBeNull();
  });
});
