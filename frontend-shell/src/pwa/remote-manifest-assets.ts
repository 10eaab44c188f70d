// What a remote needs to mount offline, read from its Module Federation mf-manifest.json.

interface MfAssetList {
  sync?: unknown;
  async?: unknown;
}
interface MfAssets {
  js?: MfAssetList;
  css?: MfAssetList;
}
/** The parts of mf-manifest.json (Module Federation 2 manifest) read here. */
interface MfManifest {
  metaData?: {
    publicPath?: unknown;
    remoteEntry?: { name?: unknown; path?: unknown };
  };
  exposes?: Array<{ assets?: MfAssets }>;
}

export interface RemoteFiles {
  /** remoteEntry.js (not content-hashed). */
  entry: string | null;
  /** Content-hashed JS and CSS the exposed modules load first. */
  assets: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];

/**
 * Absolute URLs of a remote's entry and of its exposed modules' synchronous JS / CSS. The remote's
 * shared packages (react, MUI, ...) are left out on purpose: the shell provides every shared
 * singleton, so a remote's own copies are never downloaded and caching them would only spend data.
 */
export function remoteFiles(manifest: unknown, manifestUrl: string): RemoteFiles {
  const m = (manifest && typeof manifest === 'object' ? manifest : {}) as MfManifest;
  const publicPath = m.metaData?.publicPath;
  // publicPath 'auto' (our remotes): files sit beside the manifest, wherever it is served from.
  const base =
    typeof publicPath === 'string' && publicPath !== 'auto'
      ? new URL(publicPath, manifestUrl)
      : new URL('.', manifestUrl);
  const at = (file: string) => new URL(file, base).href;

  const entryName = m.metaData?.remoteEntry?.name;
  const entryPath = m.metaData?.remoteEntry?.path;
  const entry =
    typeof entryName === 'string' && entryName
      ? at(
          `${typeof entryPath === 'string' && entryPath ? `${entryPath.replace(/\/?$/, '/')}` : ''}${entryName}`,
        )
      : null;

  const assets = new Set<string>();
  for (const expose of Array.isArray(m.exposes) ? m.exposes : []) {
    for (const file of [...strings(expose?.assets?.js?.sync), ...strings(expose?.assets?.css?.sync)]) {
      assets.add(at(file));
    }
  }
  return { entry, assets: [...assets] };
}
