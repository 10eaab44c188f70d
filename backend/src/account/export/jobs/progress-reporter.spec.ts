import { ProgressReporter } from './progress-reporter';

describe('ProgressReporter', () => {
  it('writes percentages at most every interval, never backwards and never 100', async () => {
    let now = 0;
    const written: number[] = [];
    const reporter = new ProgressReporter(
      4,
      async (percent) => {
        written.push(percent);
      },
      () => now,
      250,
    );
    await reporter.done(1); // 25 %
    now = 100;
    await reporter.done(2); // too soon
    now = 400;
    await reporter.done(2); // 50 %
    await reporter.done(1); // backwards: ignored
    now = 1000;
    await reporter.done(4); // capped at 99
    expect(written).toEqual([25, 50, 99]);
  });

  it('copes with an empty export', async () => {
    const written: number[] = [];
    await new ProgressReporter(0, async (percent) => void written.push(percent)).done(0);
    expect(written).toEqual([]);
  });
});
