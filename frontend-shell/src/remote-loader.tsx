import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '@kasa/contracts';

/**
 * Resolves a remote's exposed './App' component. `force` asks to drop whatever the loader has
 * cached for that remote (a failed manifest or script) and fetch it again. The shell's real
 * loader uses Module Federation (mf-loader.ts); tests pass a plain function.
 */
export type RemoteLoadFn = (name: RemoteName, options: { force: boolean }) => Promise<ComponentType>;

/** Keeps loaded remotes so a revisit renders at once, and forwards Retry as a forced reload. */
export class RemoteRegistry {
  private readonly loaded = new Map<RemoteName, ComponentType>();
  private readonly pending = new Map<RemoteName, Promise<ComponentType>>();
  private readonly preloaded = new Map<RemoteName, Promise<ComponentType>>();

  /** Remotes RemoteView has put on screen in this page: only these render at once on a revisit. */
  private readonly shown = new Set<RemoteName>();

  constructor(private readonly loadFn: RemoteLoadFn) {}

  /**
   * The remote's App when it is loaded and has been on screen before in this page: a revisit
   * renders it at once. A first showing goes through the loading state and a transition instead
   * (RemoteView), even when the App loaded early: mounting a whole area inside the update that
   * ended the session check would be one long synchronous render on a phone.
   */
  peek(name: RemoteName): ComponentType | undefined {
    return this.shown.has(name) ? this.loaded.get(name) : undefined;
  }

  /** The remote's App is on screen (RemoteView, once it has committed it). */
  markShown(name: RemoteName): void {
    this.shown.add(name);
  }

  /**
   * Starts loading ahead of the view that needs it. The next load of the same remote takes this
   * one's outcome, failure included, so a remote that is unreachable is asked for once, not twice.
   */
  preload(name: RemoteName): void {
    if (this.loaded.has(name) || this.pending.has(name)) return;
    const promise = this.load(name);
    promise.catch(() => undefined);
    this.preloaded.set(name, promise);
  }

  load(name: RemoteName, force = false): Promise<ComponentType> {
    const preloaded = this.preloaded.get(name);
    this.preloaded.delete(name);
    if (!force && preloaded) return preloaded;
    if (force) {
      this.loaded.delete(name);
      this.shown.delete(name);
      this.pending.delete(name);
    }
    const ready = this.loaded.get(name);
    if (ready) return Promise.resolve(ready);
    let promise = this.pending.get(name);
    if (!promise) {
      promise = this.loadFn(name, { force }).then(
        (component) => {
          this.loaded.set(name, component);
          this.pending.delete(name);
          return component;
        },
        (error: unknown) => {
          this.pending.delete(name);
          throw error;
        },
      );
      this.pending.set(name, promise);
    }
    return promise;
  }
}

const RemoteRegistryContext = createContext<RemoteRegistry | null>(null);

export function RemoteRegistryProvider({
  registry,
  children,
}: {
  registry: RemoteRegistry;
  children: ReactNode;
}) {
  return <RemoteRegistryContext.Provider value={registry}>{children}</RemoteRegistryContext.Provider>;
}

export function useRemoteRegistry(): RemoteRegistry {
  const registry = useContext(RemoteRegistryContext);
  if (!registry) throw new Error('useRemoteRegistry() needs a <RemoteRegistryProvider>');
  return registry;
}
