import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { type ApiErrorBody, errorCodeForStatus, isErrorCode } from '@kasa/contracts';
import { apiErrorBody } from './api-error';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  type DatabaseOutageReporter,
  isDatabaseUnavailableError,
} from './database-unavailable';
import { isCodedErrorResponse, NotConfiguredException, retryAfterSecondsOf } from './api-exception';

/** Whether the request's signed-in account is an administrator (auth/admins.ts). */
export interface AdministratorCheck {
  isAdmin(user: { adminName?: string | null } | null | undefined): boolean;
}

/** What a request that needed the unreachable database answers (libs/ui has it in French). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/**
 * Every error leaves as ApiErrorBody with a stable `code`. Coded exceptions (ApiException and the
 * validation pipe's) keep their code, message and details; other HttpExceptions get the code of
 * their status; a body a feature shaped on purpose (the usage-limit 429) goes out as is. A wait
 * the exception knows (`retryAfterSeconds`: rate and usage limits) goes out as Retry-After. A lost
 * database connection is a 503 SERVICE_UNAVAILABLE with Retry-After, reported to
 * DatabaseAvailability (one warning per outage, not a stack per request). Anything else is a
 * logged 500 whose details stay in the log.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * `database`: the app's DatabaseAvailability; without it (unit tests) each 503 logs one line.
   * `admins`: who gets a NotConfiguredException's `configure`; without it nobody does.
   */
  constructor(
    private readonly database?: DatabaseOutageReporter,
    private readonly admins?: AdministratorCheck,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (response.headersSent) return;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const retryAfter = retryAfterSecondsOf(exception);
      if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
      const payload = exception.getResponse();
      if (isCodedErrorResponse(payload)) {
        const body = apiErrorBody(request, status, payload.message, payload.details, payload.code);
        response.status(status).json(this.withConfigureForAdmins(body, exception, request));
        return;
      }
      if (
        typeof payload === 'object' &&
        payload !== null &&
        (payload as { error?: unknown }).error &&
        !('statusCode' in payload)
      ) {
        // A body shaped by a feature (the usage-limit 429) keeps its shape; it gains a code.
        const code = (payload as { code?: unknown }).code;
        response
          .status(status)
          .json({ ...payload, code: isErrorCode(code) ? code : errorCodeForStatus(status) });
        return;
      }
      const message =
        typeof payload === 'string'
          ? payload
          : String((payload as { message?: unknown }).message ?? exception.message);
      response.status(status).json(apiErrorBody(request, status, message));
      return;
    }

    if (isDatabaseUnavailableError(exception)) {
      if (this.database) this.database.failed(exception);
      else
        this.logger.warn(
          `${request.method} ${request.originalUrl ?? request.url}: the database cannot be reached`,
        );
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .json(
          apiErrorBody(
            request,
            HttpStatus.SERVICE_UNAVAILABLE,
            SERVICE_UNAVAILABLE_MESSAGE,
            undefined,
            'SERVICE_UNAVAILABLE',
          ),
        );
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

  /** Variable names are for the operator: only a signed-in administrator reads what to set. */
  private withConfigureForAdmins(
    body: ApiErrorBody,
    exception: HttpException,
    request: Request,
  ): ApiErrorBody {
    if (!(exception instanceof NotConfiguredException)) return body;
    const user = (request as Request & { user?: { adminName?: string | null } }).user;
    return this.admins?.isAdmin(user) ? { ...body, configure: exception.configure } : body;
  }
}
