import { IMAGE_SIZES, imageDimensions } from '../image-model.port';
import { pngDimensions } from '../png';
import { ImageModelError } from '../image-model.port';
import { OfflineIllustrationModel, PROMPT_NOT_ILLUSTRATABLE } from './offline-illustration.model';

describe('OfflineIllustrationModel', () => {
  const model = new OfflineIllustrationModel();

  it.each(IMAGE_SIZES)('draws a real PNG of %s pixels', async (size) => {
    const result = await model.generate({ prompt: 'A farmer with maize and cassava', size });
    expect(pngDimensions(result.image)).toEqual(imageDimensions(size));
    expect(result).toMatchObject({
      contentType: 'image/png',
      format: 'png',
      size,
      engine: 'offline',
      metadata: { model: 'offline-illustration', size },
    });
    expect(result.metadata).not.toHaveProperty('revised_prompt');
  });

  it('renders an XML-hostile prompt safely', async () => {
    const result = await model.generate({
      prompt:
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>&e; goat </svg> \u0000 ]]>',
      size: '1024x1792',
    });
    expect(pngDimensions(result.image)).toEqual({ width: 1024, height: 1792 });
  });

  it('renders fast enough to answer inside a request', async () => {
    await model.generate({ prompt: 'warm-up goat', size: '1024x1024' });
    const started = performance.now();
    await model.generate({ prompt: 'Des poules près du champ de manioc au soleil', size: '1792x1024' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses, before drawing, a prompt with nothing it can draw faithfully', async () => {
    expect(model.refusal('cocoa pods')).toEqual(PROMPT_NOT_ILLUSTRATABLE);
    expect(PROMPT_NOT_ILLUSTRATABLE.code).toBe('IMAGE_PROMPT_NOT_ILLUSTRATABLE');
    expect(model.refusal('une chèvre sous la pluie')).toBeUndefined();
    const drawing = model.generate({ prompt: 'cocoa pods', size: '1024x1024' });
    await expect(drawing).rejects.toBeInstanceOf(ImageModelError);
    await expect(drawing).rejects.toMatchObject({
      code: 'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
      kind: 'bad_request',
    });
  });
});
