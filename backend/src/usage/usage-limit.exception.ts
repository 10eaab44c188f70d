import { HttpException, HttpStatus } from '@nestjs/common';
import { USAGE_LIMIT_ERROR, type UsageFeature } from '@kasa/contracts';

/**
 * The 429 of spec §3 'Usage-limit error response'. Its body goes out exactly as built here: the
 * global filter passes bodies with `error` and no `statusCode` through untouched.
 */
export class UsageLimitExceededException extends HttpException {
  constructor(feature: UsageFeature, current: number, limit: number, upgradeRequired: boolean) {
    super(
      { error: USAGE_LIMIT_ERROR, feature, current, limit, upgradeRequired, code: 'USAGE_LIMIT_EXCEEDED' },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
