import { lazy, useState, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Fetches and evaluates the component's module; once it is in, the component renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for code that a screen loads ahead (on idle, on pointer-down): once `preload()` has
 * resolved, the component renders at once instead of suspending. React.lazy alone suspends on the
 * first render even when the module is already there, and React then holds the revealed content
 * back for its fallback throttle (300 ms): a first opening of a menu took that much longer on a
 * phone. A failed load is forgotten, so the next try asks again.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
