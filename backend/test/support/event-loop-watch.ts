import {
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';

const TICK_MS = 10;

export interface EventLoopStalls {
  /** monitorEventLoopDelay's largest delay, in ms. */
  maxMs: number;
  /**
   * The largest delay once V8's garbage collection pauses in it are taken out, in ms: what code
   * held the loop. Under `jest --runInBand` the heap left by every earlier test file can be
   * collected in the middle of a measurement; that pause is the test runner's, not the code's.
   */
  maxWithoutGcMs: number;
}

/**
 * Watches this process's event loop (in tests, the API's): a 10 ms timer notes how late each
 * tick comes, and V8's garbage collection pauses are recorded beside it.
 */
export function watchEventLoop(): { stop(): EventLoopStalls } {
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  const pauses: Array<{ start: number; end: number }> = [];
  const record = (entries: PerformanceEntry[]) => {
    for (const entry of entries)
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const ticks: Array<{ from: number; to: number }> = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    ticks.push({ from: last, to: now });
    last = now;
  }, TICK_MS);
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      clearInterval(timer);
      record(observer.takeRecords());
      observer.disconnect();
      let maxWithoutGcMs = 0;
      for (const { from, to } of ticks) {
        const gc = pauses.reduce(
          (sum, pause) => sum + Math.max(0, Math.min(to, pause.end) - Math.max(from, pause.start)),
          0,
        );
        maxWithoutGcMs = Math.max(maxWithoutGcMs, to - from - TICK_MS - gc);
      }
      return { maxMs: histogram.max / 1e6, maxWithoutGcMs };
    },
  };
}
