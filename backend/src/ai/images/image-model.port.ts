import { type ErrorCode, IMAGE_SIZES, type ImageSize } from '@kasa/contracts';
import type { ChatModelErrorKind, ReadableFailure } from '../chat-model.port';

/**
 * The image capability's port. The media feature talks to this, never to a provider:
 * configuration picks the adapter at start (an OpenAI-compatible server, or the offline
 * illustrator). Video is not an image: it has no engine yet.
 */
export const IMAGE_MODEL = Symbol('IMAGE_MODEL');

// The sizes are part of the API (libs/contracts).
export { IMAGE_SIZES, type ImageSize };

export interface ImageRequest {
  /** What to draw, in the user's words (any language). */
  prompt: string;
  size: ImageSize;
}

export interface GeneratedImage {
  /** The PNG file's bytes: ours to store (never a provider's expiring URL). */
  image: Buffer;
  contentType: 'image/png';
  format: 'png';
  size: ImageSize;
  metadata: {
    /** IMAGE_MODEL, or 'offline-illustration'. */
    model: string;
    size: ImageSize;
    /** The prompt as the provider rewrote it before drawing (DALL-E 3 does). */
    revised_prompt?: string;
  };
  /** Which engine drew it. */
  engine: ImageModel['engine'];
}

export interface ImageModel {
  readonly engine: 'openai-compatible' | 'offline';
  /** IMAGE_MODEL, or 'offline-illustration'. */
  readonly model: string;
  /**
   * Why this engine cannot draw a prompt at all, known without drawing: asked before the
   * request is charged (MediaService). Absent, or undefined: it can try.
   */
  refusal?(prompt: string): ReadableFailure | undefined;
  /** Draws one image. Throws ImageModelError on a provider failure. */
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

/** A failure of the image engine in words a user can read, with its stable code. */
export class ImageModelError extends Error {
  override readonly name = 'ImageModelError';
  readonly code: ErrorCode;
  constructor(
    failure: ReadableFailure,
    /** What went wrong, for retries, logs and the HTTP status the media feature answers. */
    readonly kind: ChatModelErrorKind,
    /** The provider's HTTP status, when there was one. */
    readonly status?: number,
    /** The setting an operator should check (IMAGE_MODEL...): for the logs, never in `message`. */
    readonly configure?: string,
  ) {
    super(failure.message);
    this.code = failure.code;
  }
}

export function isImageSize(value: unknown): value is ImageSize {
  return typeof value === 'string' && (IMAGE_SIZES as readonly string[]).includes(value);
}

/** '1792x1024' → { width: 1792, height: 1024 }. */
export function imageDimensions(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width, height };
}
