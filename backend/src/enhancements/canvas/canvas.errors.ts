/** The canvas's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/api-exception';

/** 404: no such canvas among the user's. */
export const canvasNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CANVAS_NOT_FOUND', 'Canvas not found.');

/** 404: the conversation the canvas is saved into is not the user's (chat's code and text). */
export const conversationNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_CONVERSATION_NOT_FOUND', 'Conversation not found.');

/** 400: the PNG's size is not the one the request states. */
export const canvasSizeMismatch = (
  actual: { width: number; height: number },
  stated: { width: number; height: number },
) =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'CANVAS_SIZE_MISMATCH',
    `The canvas image is ${actual.width}x${actual.height} pixels, not the ${stated.width}x${stated.height} stated.`,
  );

/** 400: the image is not a PNG data URL (`message`: canvas-png.ts says which). */
export const canvasImageInvalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'CANVAS_IMAGE_INVALID', message);
