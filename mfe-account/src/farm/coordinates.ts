import { FARM_COORDINATE_DECIMALS } from '@kasa/contracts';

const SCALE = 10 ** FARM_COORDINATE_DECIMALS;

/**
 * A coordinate rounded as the server stores it (0.01° ≈ 1 km), before it leaves the phone: the
 * precise position is never sent.
 */
export function roundCoordinate(degrees: number): number {
  const rounded = Math.round(degrees * SCALE) / SCALE;
  // Math.round(-0.4) is -0: keep JSON and comparisons plain.
  return rounded === 0 ? 0 : rounded;
}
