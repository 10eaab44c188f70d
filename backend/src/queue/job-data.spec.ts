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

describe('job key', () => {
  it('travels beside the payload, with or without a reservation, and is taken out for the handler', () => {
    const key = '0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
    const data = JSON.parse(JSON.stringify(jobData({ text: 'hello' }, undefined, key))) as unknown;
    expect(splitJobData(data)).toEqual({ payload: { text: 'hello' }, key });
  });
});
