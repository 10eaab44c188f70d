/** Media generation's errors (docs/architecture.md#errors); an image engine's failures map in jobs/image-engine-failure.ts. */
import { HttpStatus } from '@nestjs/common';
import type { ReadableFailure } from '../ai/chat-model.port';
import { ApiException } from '../common/api-exception';

/** 422: no video engine yet. */
export const videoUnavailable = () =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'MEDIA_VIDEO_UNAVAILABLE',
    'Video generation is not available yet.',
  );

/** 422: the image engine knows without drawing that it cannot draw this prompt (ImageModel.refusal). */
export const promptNotDrawable = (refusal: ReadableFailure) =>
  new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, refusal.code, refusal.message);
