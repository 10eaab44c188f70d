import { jobOutputFileId } from './job-output';

describe('jobOutputFileId', () => {
  const key = '0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is the same UUID on every run of a job, and differs per job and per output', () => {
    expect(jobOutputFileId(key)).toMatch(UUID);
    expect(jobOutputFileId(key)).toBe(jobOutputFileId(key));
    expect(jobOutputFileId(key, 'thumb')).not.toBe(jobOutputFileId(key));
    expect(jobOutputFileId('1c7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d')).not.toBe(jobOutputFileId(key));
  });

  it('is new each time for a job without a key', () => {
    expect(jobOutputFileId(undefined)).not.toBe(jobOutputFileId(undefined));
  });
});
