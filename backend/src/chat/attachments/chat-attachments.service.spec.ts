import { shareCharacters } from './chat-attachments.service';

describe('shareCharacters', () => {
  it('gives every text all of it when they fit together', () => {
    expect(shareCharacters([100, 200], 1000)).toEqual([100, 200]);
  });

  it('gives short texts all of theirs and shares the rest between the long ones', () => {
    expect(shareCharacters([5000, 100, 9000], 2100)).toEqual([1000, 100, 1000]);
  });

  it('never gives more than the total', () => {
    const shares = shareCharacters([700, 800, 900], 1000);
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
    expect(shares).toEqual([333, 333, 334]);
  });

  it('gives nothing out of nothing', () => {
    expect(shareCharacters([10], 0)).toEqual([0]);
    expect(shareCharacters([], 100)).toEqual([]);
  });
});
