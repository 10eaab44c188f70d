import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import {
  type GeneratedImage,
  type ImageModel,
  type ImageRequest,
  imageDimensions,
} from '../image-model.port';
import { IconSet } from './icon-set';
import { illustrationSvg } from './illustration-svg';
import { chooseIcons } from './prompt-icons';

export const OFFLINE_IMAGE_MODEL = 'offline-illustration';

/** DejaVu Sans from the npm package: the render never depends on the fonts of the host. */
function dejaVuSansPath(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
}

/**
 * The image engine when no image model is connected: not a blank card but a clearly labelled
 * illustration, composed from Noto emoji icons that match the prompt's words (English and
 * French) with the prompt as its caption, rendered to PNG by resvg at the requested size.
 */
export class OfflineIllustrationModel implements ImageModel {
  readonly engine = 'offline' as const;
  readonly model = OFFLINE_IMAGE_MODEL;
  private readonly fontFile = dejaVuSansPath();

  async generate({ prompt, size }: ImageRequest): Promise<GeneratedImage> {
    const icons = IconSet.load();
    const { width, height } = imageDimensions(size);
    const svg = illustrationSvg({
      width,
      height,
      icons: chooseIcons(prompt, (name) => icons.has(name)).map((name) => icons.get(name)!),
      caption: prompt,
    });
    // Off the event loop: renderAsync runs on libuv's thread pool.
    const rendered = await renderAsync(svg, {
      fitTo: { mode: 'original' },
      font: { fontFiles: [this.fontFile], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
      logLevel: 'off',
    });
    const image = Buffer.from(rendered.asPng());
    return {
      image,
      contentType: 'image/png',
      format: 'png',
      size,
      metadata: { model: this.model, size },
      engine: this.engine,
    };
  }
}
