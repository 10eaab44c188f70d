import { contentDisposition, defaultFilename } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII filename and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Ɓaŋ ka (1).mp3')).toBe(
      `attachment; filename="_a_ ka (1).mp3"; filename*=UTF-8''%C6%81a%C5%8B%20ka%20%281%29.mp3`,
    );
  });

  it('keeps quotes, line breaks and folders out of the header', () => {
    const header = contentDisposition('inline', '../x"\r\nSet-Cookie: a=b.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^inline; filename="\.\._x___Set-Cookie: a=b\.png"; filename\*=UTF-8''/);
    expect(contentDisposition('inline', '  ')).toBe(`inline; filename="file"; filename*=UTF-8''file`);
  });
});

describe('defaultFilename', () => {
  it('names a file by its kind, id and content type', () => {
    expect(defaultFilename('audio', '0b7f1a52-3c1e', 'audio/mpeg')).toBe('audio-0b7f1a52.mp3');
    expect(defaultFilename('upload', '0b7f1a52-3c1e', 'application/x-unknown')).toBe('upload-0b7f1a52.bin');
  });
});
