// Photos are made smaller on the phone before they are sent: a 12-megapixel photo is 3-5 MB of
// costly data, and the model reads no more than ~1600 px anyway. JPEG, PNG and WebP larger than
// 1600 px on the long side are drawn smaller and encoded again; GIF is left alone (it may move).
// The original is kept when the result is not smaller.

export const RESIZE_MAX_SIDE_PX = 1600;
export const JPEG_QUALITY = 0.85;

export interface ResizePlan {
  width: number;
  height: number;
  /** JPEG stays JPEG; PNG and WebP become WebP (it keeps transparency, JPEG would blacken it). */
  type: 'image/jpeg' | 'image/webp';
  quality: number;
}

/** The new size and encoding of an image, or null when it is left as it is. */
export function planResize(mimeType: string, width: number, height: number): ResizePlan | null {
  const type = mimeType.toLowerCase();
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') return null;
  const longSide = Math.max(width, height);
  if (!(longSide > RESIZE_MAX_SIDE_PX)) return null;
  const scale = RESIZE_MAX_SIDE_PX / longSide;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    type: type === 'image/jpeg' ? 'image/jpeg' : 'image/webp',
    quality: JPEG_QUALITY,
  };
}

/** The file name with the extension of its new type ('photo.png' → 'photo.webp'). */
export function renamedFor(name: string, type: string): string {
  const extension = type === 'image/jpeg' ? 'jpg' : type.split('/')[1];
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${extension}`;
}

/** The bytes of one decoded image, whichever way this browser decodes. */
async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; done: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    done: () => URL.revokeObjectURL(url),
  };
}

/**
 * The file to upload: a smaller copy of a large photo, else the file itself. Never throws: an image
 * the browser cannot decode or encode is sent as it is (the server reads it).
 */
export async function shrinkImage(file: File): Promise<File> {
  if (!planResize(file.type, Number.POSITIVE_INFINITY, 0)) return file;
  try {
    const image = await decode(file);
    try {
      const plan = planResize(file.type, image.width, image.height);
      if (!plan) return file;
      const canvas = document.createElement('canvas');
      canvas.width = plan.width;
      canvas.height = plan.height;
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(image.source, 0, 0, plan.width, plan.height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, plan.type, plan.quality),
      );
      // A browser that cannot write WebP answers PNG: that is rarely smaller, and then the size test keeps the original.
      if (!blob || blob.size >= file.size) return file;
      return new File([blob], renamedFor(file.name, blob.type || plan.type), {
        type: blob.type || plan.type,
      });
    } finally {
      image.done();
    }
  } catch {
    return file;
  }
}
