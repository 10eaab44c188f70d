import { encodePng } from '../../../test/support/png';
import { BASE64_PART_LENGTH, readCanvasPng } from './canvas-png';

const png = (width: number, height: number) => encodePng(width, height, { colour: 'grey', fill: 0 });

const url = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('readCanvasPng', () => {
  it('gives the PNG of the stated size', async () => {
    const bytes = png(300, 200);
    const check = await readCanvasPng(url(bytes), 300, 200);
    expect(check).toEqual({ ok: true, png: bytes });
  });

  it('tells a size mismatch from a broken image', async () => {
    expect(await readCanvasPng(url(png(300, 200)), 200, 300)).toEqual({
      ok: false,
      reason: 'size-mismatch',
      width: 300,
      height: 200,
    });
    const bytes = png(300, 200);
    expect(await readCanvasPng(url(bytes.subarray(0, bytes.length - 1)), 300, 200)).toMatchObject({
      reason: 'not-png',
    });
    expect(
      await readCanvasPng(url(Buffer.from('not a png, just text here and more text')), 300, 200),
    ).toMatchObject({
      reason: 'not-png',
    });
    expect(await readCanvasPng(`data:image/jpeg;base64,${bytes.toString('base64')}`, 300, 200)).toMatchObject(
      {
        reason: 'not-data-url',
      },
    );
    expect(await readCanvasPng('data:image/png;base64,', 300, 200)).toMatchObject({ reason: 'not-data-url' });
    expect(await readCanvasPng('data:image/png;base64,ab$d', 300, 200)).toMatchObject({
      reason: 'not-data-url',
    });
  });

  it('decodes a data URL of several parts, and refuses padding or a stray character before the end', async () => {
    const small = png(300, 200);
    const iend = small.subarray(small.length - 12);
    // Bytes before IEND make its base64 two parts long (the check reads only IHDR and IEND).
    const big = Buffer.concat([small.subarray(0, small.length - 12), Buffer.alloc(BASE64_PART_LENGTH), iend]);
    const base64 = big.toString('base64');
    expect(base64.length).toBeGreaterThan(BASE64_PART_LENGTH);
    const check = await readCanvasPng(url(big), 300, 200);
    expect(check.ok && check.png.equals(big)).toBe(true);
    const paddedEarly = `${base64.slice(0, 8)}AA==${base64.slice(12)}`;
    expect(await readCanvasPng(`data:image/png;base64,${paddedEarly}`, 300, 200)).toMatchObject({
      reason: 'not-data-url',
    });
    const stray = `${base64.slice(0, BASE64_PART_LENGTH + 4)}!${base64.slice(BASE64_PART_LENGTH + 5)}`;
    expect(await readCanvasPng(`data:image/png;base64,${stray}`, 300, 200)).toMatchObject({
      reason: 'not-data-url',
    });
  });
});
