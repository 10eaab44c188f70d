import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once the browser is idle after the first commit (at the latest after
 * `timeout` ms): parts of the first screen nobody needs in its first frame (the cookie bar) then
 * render in a task of their own instead of lengthening the first render's long task, which is what
 * Lighthouse's Total Blocking Time counts on a slow phone (main-thread time).
 * Browsers without requestIdleCallback (Safari): the next task.
 */
export function AfterIdle({ children, timeout = 2000 }: { children: ReactNode; timeout?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(handle);
  }, [timeout]);
  return ready ? children : null;
}
