import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, concatMap, finalize, from, map, mergeMap, type Observable, throwError } from 'rxjs';
import { CONCURRENCY_CAP } from './concurrency-cap.decorator';
import { type ConcurrencyCap, ConcurrencyLimiter, type HeldSlot } from './concurrency-limiter';

/**
 * Applies @HeavyRequest and @EventStream. Global (ConcurrencyLimitsModule), so it runs before the
 * routes' own interceptors: a refused request reserves no usage (@Metered) and starts nothing.
 */
@Injectable()
export class ConcurrencyLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: ConcurrencyLimiter,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const cap = this.reflector.get<ConcurrencyCap | undefined>(CONCURRENCY_CAP, context.getHandler());
    if (!cap) return next.handle();
    const http = context.switchToHttp();
    const userId = http.getRequest<Request & { user?: { id: string } }>().user?.id;
    if (!userId)
      throw new Error(
        `${context.getClass().name}.${context.getHandler().name} is capped per user but no guard signed a user in.`,
      );
    const slot = await this.limiter.acquire(userId, cap);
    return cap.pool === 'streams'
      ? untilClosed(next.handle(), http.getResponse<Response>(), slot)
      : untilAnswered(next.handle(), slot);
  }
}

/**
 * A request answered by its return value: the slot is given back once the handler has finished,
 * before the answer is written, so a client that sends its next request on receiving this answer
 * finds the slot free.
 */
function untilAnswered(handled: Observable<unknown>, slot: HeldSlot): Observable<unknown> {
  return handled.pipe(
    concatMap((value) => from(slot.release()).pipe(map(() => value))),
    catchError((error: unknown) => from(slot.release()).pipe(mergeMap(() => throwError(() => error)))),
    finalize(() => void slot.release()),
  );
}

/**
 * An event stream written to the response after the handler returns: the slot is given back when
 * both the handler has finished and the response has closed (ended, or the client went away).
 */
function untilClosed(handled: Observable<unknown>, response: Response, slot: HeldSlot): Observable<unknown> {
  let waiting = 2;
  const oneDone = () => {
    if (--waiting === 0) void slot.release();
  };
  if (response.writableFinished || response.destroyed) oneDone();
  else response.once('close', oneDone);
  return handled.pipe(finalize(oneDone));
}
