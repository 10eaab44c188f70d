import { type ComponentType, lazy } from 'react';

const Nothing = () => null;

/**
 * React.lazy for a part the screen can do without (the welcome panel's farm cards): a chunk that
 * cannot be fetched (the connection dropped before it came, a deploy replaced it) renders
 * nothing instead of throwing to the error boundary, which would take the whole screen with it.
 * The next page load tries again.
 */
export function lazyOrNothing<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(() => load().catch(() => ({ default: Nothing as ComponentType<P> })));
}
