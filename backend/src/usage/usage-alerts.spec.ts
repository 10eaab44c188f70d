import type { UsageAlertPort, UsageWarning } from './usage-alert.port';
import { UsageAlerts } from './usage-alerts';
import type { CounterKey } from './usage.repository';

describe('UsageAlerts', () => {
  const key: CounterKey = { userId: 'u1', feature: 'messagesPerMonth', period: '2031-02-01' };
  let published: UsageWarning[];
  let alerts: UsageAlerts;

  beforeEach(() => {
    published = [];
    const port: UsageAlertPort = { publishUsageWarning: (warning) => published.push(warning) };
    alerts = new UsageAlerts(port);
  });

  it('hands the reservation that crosses 80 % to the port, with the counter after it and the limit', () => {
    alerts.afterReserve(key, 1, 80, 100);
    expect(published).toEqual([
      { userId: 'u1', feature: 'messagesPerMonth', period: '2031-02-01', used: 80, limit: 100 },
    ]);
  });

  it('stays silent below 80 %, after it was crossed, and for unlimited plans', () => {
    alerts.afterReserve(key, 1, 79, 100);
    alerts.afterReserve(key, 1, 81, 100);
    alerts.afterReserve(key, 5, 500, -1);
    expect(published).toEqual([]);
  });
});
