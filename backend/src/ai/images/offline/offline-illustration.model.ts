import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import type { ReadableFailure } from '../../chat-model.port';
import {
  type GeneratedImage,
  type ImageModel,
  ImageModelError,
  type ImageRequest,
  imageDimensions,
} from '../image-model.port';
import { IconSet } from './icon-set';
import { illustrationSvg } from './illustration-svg';
import { chooseIcons } from './prompt-icons';

export const OFFLINE_IMAGE_MODEL = 'offline-illustration';

/** A prompt none of whose words has a faithful icon: said, not drawn as something else. */
export const PROMPT_NOT_ILLUSTRATABLE: ReadableFailure = {
  code: 'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
  message:
    "Kasa's offline illustrations cannot draw this yet. Try naming a crop, an animal, a tool or the weather.",
};

/** DejaVu Sans from the npm package: the render never depends on the fonts of the host. */
function dejaVuSansPath(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
}

/**
 * The image engine when no image model is connected: not a blank card but a clearly labelled
 * illustration, composed from Noto emoji icons that match the prompt's nouns (English and
 * French, the farm vocabulary first: prompt-icons.ts) with the prompt as its caption, rendered to
 * PNG by resvg at the requested size. A prompt with nothing it can draw faithfully is refused.
 */
export class OfflineIllustrationModel implements ImageModel {
  readonly engine = 'offline' as const;
  readonly model = OFFLINE_IMAGE_MODEL;
  private readonly fontFile = dejaVuSansPath();

  refusal(prompt: string): ReadableFailure | undefined {
    return this.iconsFor(prompt).length === 0 ? PROMPT_NOT_ILLUSTRATABLE : undefined;
  }

  async generate({ prompt, size }: ImageRequest): Promise<GeneratedImage> {
    const icons = IconSet.load();
    const chosen = this.iconsFor(prompt);
    // MediaService asks refusal() before charging; this only guards a caller that did not.
    if (chosen.length === 0) throw new ImageModelError(PROMPT_NOT_ILLUSTRATABLE, 'bad_request');
    const { width, height } = imageDimensions(size);
    const svg = illustrationSvg({
      width,
      height,
      icons: chosen.map((name) => icons.get(name)!),
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

  /** The set is read only for a noun outside the vocabularies: the API process rarely needs it. */
  private iconsFor(prompt: string): string[] {
    return chooseIcons(prompt, (name) => IconSet.load().has(name));
  }
}
