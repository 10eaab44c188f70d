import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { UsageFeature } from '@kasa/contracts';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import type { User } from '../users';
import { UsageService } from './usage.service';

const METERED = 'kasa:metered';

interface Metering {
  feature: UsageFeature;
  amount: number;
}

/**
 * Meters a route: `amount` of `feature` is reserved before the handler runs (over the limit the
 * request ends with the usage-limit 429, and the handler never runs) and refunded when the
 * handler fails, thrown or through its observable (a body the validation pipe refuses too: pipes
 * run inside). It needs the authentication guard on the route (guards run before interceptors),
 * and the controller's module imports UsageModule.
 *
 *   @UseGuards(JwtAuthGuard)
 *   @Post('generate')
 *   @Metered('mediaGenerationsPerMonth')
 *   generate(...) {}
 */
export function Metered(feature: UsageFeature, amount = 1): MethodDecorator {
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw new Error(`@Metered('${feature}') needs a positive whole amount, not ${amount}.`);
  return applyDecorators(
    SetMetadata(METERED, { feature, amount } satisfies Metering),
    UseInterceptors(MeteredInterceptor),
  );
}

@Injectable()
export class MeteredInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly usage: UsageService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const metering = this.reflector.get<Metering | undefined>(METERED, context.getHandler());
    if (!metering) return next.handle();
    const user = context.switchToHttp().getRequest<Request & { user?: User }>().user;
    if (!user)
      throw new Error(
        `${context.getClass().name}.${context.getHandler().name} is metered but no guard signed a user in.`,
      );
    const reservation = await this.usage.reserve(user.id, metering.feature, metering.amount);
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          from(reservation.refund()).pipe(mergeMap(() => throwError(() => error))),
        ),
      );
  }
}
