import { Inject, Injectable } from '@nestjs/common';
import { USAGE_ALERT_PORT, type UsageAlertPort } from './usage-alert.port';
import type { CounterKey } from './usage.repository';
import { crossesUsageWarning } from './usage-warning';

/**
 * The usage side of the 80 % e-mail (docs/architecture.md#notification-e-mails): every
 * reservation asks, from the numbers its UPDATE returned, whether it crossed 80 % of the limit;
 * the one that did hands it to the usage-alert port without waiting. The request is never
 * delayed or failed by mail: the notification feature (the port's provider) decides and sends.
 */
@Injectable()
export class UsageAlerts {
  constructor(@Inject(USAGE_ALERT_PORT) private readonly port: UsageAlertPort) {}

  /** `used`: the counter after taking `amount`; `limit`: the plan's (negative: unlimited). */
  afterReserve(key: CounterKey, amount: number, used: number, limit: number): void {
    if (!crossesUsageWarning(used - amount, used, limit)) return;
    this.port.publishUsageWarning({
      userId: key.userId,
      feature: key.feature,
      period: key.period,
      used,
      limit,
    });
  }
}
