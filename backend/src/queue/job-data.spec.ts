import { jobData, splitJobData } from './job-data';

describe('job data', () => {
  const reserved = {
    userId: 'u1',
    period: '2031-01-01',
    feature: 'voiceMinutesPerMonth' as const,
    amount: 7,
  };

  it('carries a reservation beside the payload and gives the handler the payload alone', () => {
    const data = JSON.parse(JSON.stringify(jobData({ text: 'hello', voice: 'nova' }, reserved))) as unknown;
    expect(splitJobData(data)).toEqual({ payload: { text: 'hello', voice: 'nova' }, reserved });
  });

  it('leaves a payload without a reservation untouched', () => {
    const payload = { sentAt: 1 };
    expect(jobData(payload)).toBe(payload);
    expect(splitJobData(payload)).toEqual({ payload });
  });
});
