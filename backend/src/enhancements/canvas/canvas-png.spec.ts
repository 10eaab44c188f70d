import { crc32, deflateSync } from 'node:zlib';
import { readCanvasPng } from './canvas-png';

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const url = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('readCanvasPng', () => {
  it('gives the PNG of the stated size', () => {
    const bytes = png(300, 200);
    const check = readCanvasPng(url(bytes), 300, 200);
    expect(check).toEqual({ ok: true, png: bytes });
  });

  it('tells a size mismatch from a broken image', () => {
    expect(readCanvasPng(url(png(300, 200)), 200, 300)).toEqual({
      ok: false,
      reason: 'size-mismatch',
      width: 300,
      height: 200,
    });
    const bytes = png(300, 200);
    expect(readCanvasPng(url(bytes.subarray(0, bytes.length - 1)), 300, 200)).toMatchObject({
      reason: 'not-png',
    });
    expect(
      readCanvasPng(url(Buffer.from('not a png, just text here and more text')), 300, 200),
    ).toMatchObject({
      reason: 'not-png',
    });
    expect(readCanvasPng(`data:image/jpeg;base64,${bytes.toString('base64')}`, 300, 200)).toMatchObject({
      reason: 'not-data-url',
    });
    expect(readCanvasPng('data:image/png;base64,', 300, 200)).toMatchObject({ reason: 'not-data-url' });
    expect(readCanvasPng('data:image/png;base64,ab$d', 300, 200)).toMatchObject({ reason: 'not-data-url' });
  });
});
