import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Observable } from 'rxjs';

const MARKED = Symbol('no-store');

/**
 * `Cache-Control: no-store` for an answer that holds a user's data or a token, so no browser,
 * proxy or CDN keeps a copy. Applied when the headers leave (writeHead), so it also wins over a
 * value the handler set itself (the chat stream's "no-cache, no-transform" becomes
 * "no-store, no-transform"). An answer its route declared `public` (the same for everyone, like
 * the plan table) keeps its caching.
 */
export function keepNoStore(response: Response): void {
  const marked = response as Response & { [MARKED]?: true };
  if (marked[MARKED]) return;
  marked[MARKED] = true;
  const writeHead = response.writeHead;
  response.writeHead = function (this: Response, ...args: unknown[]) {
    const current = String(this.getHeader('Cache-Control') ?? '');
    const directives = current
      .split(',')
      .map((directive) => directive.trim().toLowerCase())
      .filter(Boolean);
    if (!directives.includes('public')) {
      const kept = directives.filter((directive) => directive === 'no-transform');
      this.setHeader('Cache-Control', ['no-store', ...kept].join(', '));
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}

/** Every request that carries credentials (a bearer token) is answered with no-store. */
export function noStoreForCredentials(request: Request, response: Response, next: NextFunction): void {
  if (request.headers.authorization) keepNoStore(response);
  next();
}

@Injectable()
export class NoStoreInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') keepNoStore(context.switchToHttp().getResponse<Response>());
    return next.handle();
  }
}

/** For a controller or route whose answers carry a token or private data without a bearer request (sign-in). */
export const NoStore = () => UseInterceptors(NoStoreInterceptor);
