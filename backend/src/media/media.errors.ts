/** Media generation's errors (docs/architecture.md#errors); an image engine's failures map in jobs/image-engine-failure.ts. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

/** 422: no video engine yet. */
export const videoUnavailable = () =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'MEDIA_VIDEO_UNAVAILABLE',
    'Video generation is not available yet.',
  );
