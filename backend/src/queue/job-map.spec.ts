import { queueOfJob } from './job-map';

describe('queueOfJob', () => {
  it('is the part of the job name before the first dot', () => {
    expect(queueOfJob('system.ping')).toBe('system');
    expect(queueOfJob('media.image.generate')).toBe('media');
  });

  it('refuses a name that does not say its queue and its job', () => {
    for (const name of ['ping', '.ping', 'system.', ''])
      expect(() => queueOfJob(name)).toThrow(/<queue>\.<job>/);
  });
});
