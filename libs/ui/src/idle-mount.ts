import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './idle';

/**
 * Whether a part of the screen that is not visible yet (a closed drawer, a menu's contents) may
 * render: false on the first render, true once the page is idle after it, set in a transition so
 * React renders that part in slices and commits it on its own. The first screen's commit then holds
 * only what is on screen: on a slow phone one long task becomes two short ones
 * (docs/architecture.md#off-screen-parts-render-when-idle). `now` mounts it at once (the drawer opened first).
 */
export function useIdleMount(now = false): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return undefined;
    return whenIdle(() => startTransition(() => setIdle(true)), 0);
  }, [idle]);
  return idle || now;
}
