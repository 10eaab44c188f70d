import { roundCoordinate } from './coordinates';

test('coordinates keep two decimals, about 1 km, on both sides of the equator', () => {
  expect(roundCoordinate(3.866667)).toBe(3.87);
  expect(roundCoordinate(11.516667)).toBe(11.52);
  expect(roundCoordinate(-1.286389)).toBe(-1.29);
  expect(roundCoordinate(-0.004)).toBe(0);
});
