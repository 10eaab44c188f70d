import { Global, Module } from '@nestjs/common';

/** The time source of everything that depends on "now" in code (quotas' month, Pro's end). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

/**
 * Provides CLOCK everywhere: one object per application, so an integration test can replace
 * `app.get<Clock>(CLOCK).now` to move to next month or past the end of a Pro period.
 */
@Global()
@Module({
  providers: [{ provide: CLOCK, useFactory: (): Clock => ({ now: () => new Date() }) }],
  exports: [CLOCK],
})
export class ClockModule {}
