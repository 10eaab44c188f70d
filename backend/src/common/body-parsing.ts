import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { apiErrorBody } from './api-error';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Webhooks whose signature covers the exact bytes sent: their body stays a Buffer. */
export const RAW_BODY_PATHS = ['/api/stripe/webhook'];

/**
 * JSON and form bodies up to BODY_LIMIT (raw bytes on RAW_BODY_PATHS). Parser failures (too large, malformed JSON, wrong
 * charset) become the JSON error shape here: they happen before Nest's filters can see them.
 */
export function useBodyParsing(app: INestApplication, limit: string): void {
  for (const path of RAW_BODY_PATHS) app.use(path, express.raw({ limit, type: () => true }));
  app.use(express.json({ limit }));
  app.use(express.urlencoded({ limit, extended: false }));
  app.use((error: BodyParserError, request: Request, response: Response, next: NextFunction) => {
    if (!error.type) return next(error);
    const status = error.status ?? 400;
    const message =
      error.type === 'entity.too.large'
        ? `The request body is too large (limit ${limit}).`
        : error.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : error.message;
    response.status(status).json(apiErrorBody(request, status, message));
  });
}
