import { Logger } from '@nestjs/common';
import { queueOfJob } from '../queue/job-map';
import type { QueueService } from '../queue/queue.service';
import type { UsageWarning } from '../usage/usage-alert.port';
import { USAGE_ALERT_JOB } from './jobs/notification.job-types';
import { UsageAlertPublisher } from './usage-alert.publisher';

describe('UsageAlertPublisher', () => {
  const warning: UsageWarning = {
    userId: 'u1',
    feature: 'voiceMinutesPerMonth',
    period: '2031-02-01',
    used: 480,
    limit: 600,
  };

  function publisherWith(add: jest.Mock) {
    const queue = jest.fn().mockReturnValue({ add });
    return { publisher: new UsageAlertPublisher({ queue } as unknown as QueueService), queue };
  }

  it("queues the warning as a 'notifications.usage-alert' job with retries, kept only until done", () => {
    const add = jest.fn().mockResolvedValue({});
    const { publisher, queue } = publisherWith(add);
    publisher.publishUsageWarning(warning);
    expect(queue).toHaveBeenCalledWith(queueOfJob(USAGE_ALERT_JOB));
    expect(add).toHaveBeenCalledWith('notifications.usage-alert', warning, {
      attempts: 5,
      backoff: { type: 'exponential', delay: 10_000 },
      removeOnComplete: true,
    });
  });

  it('does not throw when queueing fails: it logs the failure', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { publisher } = publisherWith(jest.fn().mockRejectedValue(new Error('redis down')));
    expect(() => publisher.publishUsageWarning(warning)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toHaveBeenCalledWith(
      'Queueing the usage alert of user u1 (voiceMinutesPerMonth): redis down',
    );
    logged.mockRestore();
  });
});
