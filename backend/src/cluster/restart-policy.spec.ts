import { RestartPolicy } from './restart-policy';

describe('RestartPolicy', () => {
  const limits = { healthyUptimeMs: 1000, firstDelayMs: 100, maxDelayMs: 350, maxQuickDeaths: 4 };

  it('doubles the wait after each quick death, up to the maximum, then gives up', () => {
    const policy = new RestartPolicy(limits);
    expect([10, 10, 10, 10].map((uptime) => policy.onDeath(uptime))).toEqual([100, 200, 350, 350]);
    expect(policy.onDeath(10)).toBe('give-up');
  });

  it('a worker that ran long enough starts the count again', () => {
    const policy = new RestartPolicy(limits);
    policy.onDeath(10);
    policy.onDeath(10);
    policy.onDeath(10);
    expect(policy.onDeath(5000)).toBe(100);
    expect(policy.onDeath(10)).toBe(200);
  });
});
