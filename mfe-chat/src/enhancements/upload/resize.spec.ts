import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { planResize, renamedFor, RESIZE_MAX_SIDE_PX, shrinkImage } from './resize';
import { checkFiles, isAllowedType } from './validate';

describe('planResize', () => {
  test('a large JPEG shrinks to 1600 px on its long side, keeping its shape, as JPEG 0.85', () => {
    expect(planResize('image/jpeg', 4000, 3000)).toEqual({
      width: 1600,
      height: 1200,
      type: 'image/jpeg',
      quality: 0.85,
    });
    expect(planResize('image/jpeg', 1000, 3200)).toMatchObject({ width: 500, height: 1600 });
  });

  test('PNG and WebP become WebP (transparency kept)', () => {
    expect(planResize('image/png', 3200, 1600)).toMatchObject({
      width: 1600,
      height: 800,
      type: 'image/webp',
    });
    expect(planResize('image/webp', 2000, 2000)).toMatchObject({
      width: 1600,
      height: 1600,
      type: 'image/webp',
    });
  });

  test('small images, GIFs and other files are left alone', () => {
    expect(planResize('image/jpeg', RESIZE_MAX_SIDE_PX, 900)).toBeNull();
    expect(planResize('image/gif', 4000, 3000)).toBeNull();
    expect(planResize('application/pdf', 4000, 3000)).toBeNull();
  });

  test('the name follows the new type', () => {
    expect(renamedFor('photo.png', 'image/webp')).toBe('photo.webp');
    expect(renamedFor('IMG_1.JPEG', 'image/jpeg')).toBe('IMG_1.jpg');
    expect(renamedFor('scan', 'image/jpeg')).toBe('scan.jpg');
  });

  test('a file that is not a resizable image is sent as it is', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(shrinkImage(text)).resolves.toBe(text);
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    await expect(shrinkImage(gif)).resolves.toBe(gif);
  });
});

describe('checkFiles', () => {
  test('types by declared type or extension; 50MB at most; every file checked', () => {
    expect(isAllowedType({ name: 'report.docx', type: '' })).toBe(true);
    expect(isAllowedType({ name: 'photo', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedType({ name: 'tool.exe', type: 'application/x-msdownload' })).toBe(false);
    expect(isAllowedType({ name: 'notes.md', type: 'text/markdown' })).toBe(false);
    expect(
      checkFiles([
        { name: 'a.txt', type: 'text/plain', size: 10 },
        { name: 'b.exe', type: '', size: 10 },
        { name: 'c.pdf', type: 'application/pdf', size: UPLOAD_MAX_BYTES + 1 },
        { name: 'd.pdf', type: 'application/pdf', size: UPLOAD_MAX_BYTES },
      ]),
    ).toEqual([
      { kind: 'type', file: 'b.exe' },
      { kind: 'size', file: 'c.pdf' },
    ]);
  });
});
