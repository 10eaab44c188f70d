import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Remote manifests index.html's loader started fetching before main.js ran (the signed-in chat's:
 * docs/architecture.md#first-screen-chunks), by absolute URL. Each is handed over once.
 */
declare global {
  interface Window {
    __kasaEarlyManifests?: Record<string, Promise<Response>>;
  }
}

/**
 * The early response for `url`, handed over once, or undefined when there is none (Module
 * Federation then fetches the manifest itself). A failed or non-OK early fetch is fetched again
 * here: a second chance on a flaky line, as Module Federation's own fetch would have been.
 */
export function takeEarlyManifest(
  url: string,
  init: RequestInit = {},
  win: Window = window,
): Promise<Response> | undefined {
  const early = win.__kasaEarlyManifests?.[url];
  if (!early) return undefined;
  delete win.__kasaEarlyManifests![url];
  const again = () => win.fetch(url, init);
  return early.then((response) => (response.ok ? response : again()), again);
}

/** A Module Federation runtime plugin answering manifest fetches with the early responses. */
export function earlyManifestPlugin(win: Window = window): ModuleFederationRuntimePlugin {
  return {
    name: 'kasa-early-manifests',
    fetch: (url, init) => takeEarlyManifest(url, init, win),
  };
}
