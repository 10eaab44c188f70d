/** Tasks for WorkerThreadsService's own tests: each behaves like one failure mode of real work. */

export function double(value: number): number {
  return value * 2;
}

/** Keeps its thread's CPU busy for `ms` milliseconds (a parser on an adversarial page). */
export function spin(ms: number): number {
  const end = Date.now() + ms;
  let turns = 0;
  while (Date.now() < end) turns++;
  return turns;
}

/** Holds ever more memory (a decoder asked for a huge image). */
export function hoard(): number {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => `${index}-${kept.length}`));
}

export function fail(message: string): never {
  throw new Error(message);
}
