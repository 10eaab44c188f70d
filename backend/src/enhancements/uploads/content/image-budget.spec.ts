import { scaledToFit } from './image-budget';

describe('scaledToFit', () => {
  it('scales an image down to a pixel budget, keeping its proportions, never up', () => {
    expect(scaledToFit({ width: 30_000, height: 30_000 }, 12_000_000)).toEqual({ width: 3464, height: 3464 });
    const wide = scaledToFit({ width: 16_000, height: 2_000 }, 12_000_000)!;
    expect(wide.width * wide.height).toBeLessThanOrEqual(12_000_000);
    expect(wide.width / wide.height).toBeCloseTo(8, 1);
    expect(scaledToFit({ width: 4000, height: 3000 }, 12_000_000)).toBeNull();
  });
});
