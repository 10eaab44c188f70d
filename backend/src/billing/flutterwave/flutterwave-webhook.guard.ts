import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { FLUTTERWAVE_CLIENT, type FlutterwaveClient } from './flutterwave.client';
import { flutterwaveNotConfigured, verifHashInvalid } from './flutterwave.errors';

/** Equal-length digests compared in constant time: neither the hash nor its length leaks. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Flutterwave's webhooks carry the dashboard's secret hash in `verif-hash`; anything else is a 401. */
@Injectable()
export class FlutterwaveWebhookGuard implements CanActivate {
  constructor(@Inject(FLUTTERWAVE_CLIENT) private readonly flutterwave: FlutterwaveClient | null) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.flutterwave) throw flutterwaveNotConfigured();
    const header = context.switchToHttp().getRequest<Request>().headers['verif-hash'];
    if (typeof header !== 'string' || !sameSecret(header, this.flutterwave.secretHash))
      throw verifHashInvalid();
    return true;
  }
}
