import { pngWithData } from '../../../test/support/png';
import { imageDimensions } from './image-dimensions';

/** The signature and IHDR chunk of a PNG: its first 33 bytes. */
const pngHeader = (width: number, height: number) =>
  pngWithData(width, height, 'rgba', Buffer.alloc(0)).subarray(0, 33);

describe('imageDimensions', () => {
  it("reads a PNG's declared size from its header alone, however large", () => {
    expect(imageDimensions(pngHeader(16000, 16000))).toEqual({ width: 16000, height: 16000 });
  });

  it('answers null for a cut-off header, another format or no image', () => {
    expect(imageDimensions(pngHeader(100, 100).subarray(0, 16))).toBeNull();
    expect(
      imageDimensions(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')),
    ).toBeNull();
    expect(imageDimensions(Buffer.from('ID3 mp3 frames'))).toBeNull();
    expect(imageDimensions(Buffer.alloc(0))).toBeNull();
  });
});
