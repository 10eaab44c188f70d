import { crossesUsageWarning } from './usage-warning';

describe('crossesUsageWarning', () => {
  it('is true for the one reservation that reaches 80 % of the limit', () => {
    // Basic messages: 50 a month, the warning at 40.
    expect(crossesUsageWarning(39, 40, 50)).toBe(true);
    expect(crossesUsageWarning(38, 39, 50)).toBe(false);
    expect(crossesUsageWarning(40, 41, 50)).toBe(false);
  });

  it('counts a reservation of several units that jumps over the threshold, up to the limit itself', () => {
    // Voice is counted in seconds: 600 a month, the warning at 480.
    expect(crossesUsageWarning(470, 530, 600)).toBe(true);
    expect(crossesUsageWarning(0, 600, 600)).toBe(true);
    expect(crossesUsageWarning(480, 600, 600)).toBe(false);
  });

  it('compares exactly, without rounding the percentage up', () => {
    // 80 % of 7 is 5.6: 5 of 7 (71 %) is under, 6 of 7 (85 %) is over.
    expect(crossesUsageWarning(4, 5, 7)).toBe(false);
    expect(crossesUsageWarning(5, 6, 7)).toBe(true);
  });

  it('never fires for an unlimited or zero limit', () => {
    expect(crossesUsageWarning(0, 1_000_000, -1)).toBe(false);
    expect(crossesUsageWarning(0, 1, 0)).toBe(false);
  });
});
