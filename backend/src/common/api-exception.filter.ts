import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { apiErrorBody } from './api-error';

/** Validation failures carry their field messages here (see validation.pipe.ts). */
export interface ValidationErrorResponse {
  message: string;
  details: string[];
}

function isValidationResponse(value: unknown): value is ValidationErrorResponse {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as ValidationErrorResponse).details)
  );
}

/**
 * Every error leaves as ApiErrorBody. HttpExceptions keep their status and message (or a body a
 * feature shaped on purpose, e.g. the usage-limit 429); anything else is a logged 500 whose
 * details stay in the log.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (response.headersSent) return;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (isValidationResponse(payload)) {
        response.status(status).json(apiErrorBody(request, status, payload.message, payload.details));
        return;
      }
      if (
        typeof payload === 'object' &&
        payload !== null &&
        (payload as { error?: unknown }).error &&
        !('statusCode' in payload)
      ) {
        // A body shaped by a feature (e.g. { error: 'Usage limit exceeded', ... }) goes out as is.
        response.status(status).json(payload);
        return;
      }
      const message =
        typeof payload === 'string'
          ? payload
          : String((payload as { message?: unknown }).message ?? exception.message);
      response.status(status).json(apiErrorBody(request, status, message));
      return;
    }

    // The request id is what the user sees in the error body: it finds this line.
    this.logger.error(
      `${request.method} ${request.originalUrl ?? request.url} (request ${String(request.id ?? '')}) failed: ${
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)
      }`,
    );
    response
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json(
        apiErrorBody(
          request,
          HttpStatus.INTERNAL_SERVER_ERROR,
          'Something went wrong on our side. Please try again.',
        ),
      );
  }
}
