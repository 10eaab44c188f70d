import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINER_NAMES, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@kasa/contracts';
import { earlyManifestPlugin } from './early-manifests';
import type { RemoteLoadFn } from './remote-loader';

/** Absolute manifest URL (runtime-config may give a path on the shell's origin or another origin). */
function manifestUrl(config: RuntimeConfig, name: RemoteName): string {
  return new URL(config.remotes[name], window.location.href).href;
}

/**
 * Registers the four remotes (nothing is fetched yet) and returns a loader that fetches a
 * remote's mf-manifest.json, remoteEntry.js and './App' chunk only when its route is visited.
 * A forced load re-registers the remote with `force: true`, which drops Module Federation's
 * cached container / failure so the next load really goes back to the network.
 */
export function createMfRemoteLoader(config: RuntimeConfig): RemoteLoadFn {
  registerPlugins([earlyManifestPlugin()]);
  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name: REMOTE_CONTAINER_NAMES[name], entry: manifestUrl(config, name) })),
  );
  return async (name, { force }) => {
    const container = REMOTE_CONTAINER_NAMES[name];
    if (force) registerRemotes([{ name: container, entry: manifestUrl(config, name) }], { force: true });
    const mod = await loadRemote<{ default?: ComponentType }>(`${container}/App`);
    if (!mod || !mod.default) {
      throw new Error(`${container}/App did not load (no default export)`);
    }
    return mod.default;
  };
}
