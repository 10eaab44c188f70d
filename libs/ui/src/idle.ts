/**
 * Runs `work` once the page is idle (requestIdleCallback, which hands it the idle period's deadline;
 * a timer where it is missing), after `delayMs` so the first screen's own requests and renders go
 * first. Returns a cancel function.
 */
export function whenIdle(work: (deadline?: IdleDeadline) => void, delayMs = 1500): () => void {
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback((deadline) => work(deadline), { timeout: 5000 });
    else work();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
