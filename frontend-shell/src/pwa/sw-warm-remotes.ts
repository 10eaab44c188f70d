// Install-time warm-up of the remotes: they are separate builds (not in the shell's precache), so
// the service worker reads the runtime config and each remote's manifest and caches what the
// remotes need to mount, so /chat and the other areas open offline after a first online visit.
import { RUNTIME_CONFIG_PATH } from '@kasa/contracts';
import { remoteFiles } from './remote-manifest-assets';

export interface WarmRemotesDeps {
  /** Fetches and caches a version pointer (runtime config, mf-manifest.json, remoteEntry.js). */
  fetchPointer: (url: string) => Promise<Response>;
  /** Fetches and caches a content-hashed file (skips the network when it is cached already). */
  fetchAsset: (url: string) => Promise<Response>;
  /** The shell's origin: relative remote URLs in the runtime config are relative to it. */
  origin: string;
}

export interface WarmRemotesResult {
  remotes: number;
  files: number;
  failed: number;
}

async function okJson(response: Response, url: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** Never throws for a single remote: one unreachable remote must not stop the others. */
export async function warmRemotes({
  fetchPointer,
  fetchAsset,
  origin,
}: WarmRemotesDeps): Promise<WarmRemotesResult> {
  const configUrl = new URL(RUNTIME_CONFIG_PATH, origin).href;
  const config = (await okJson(await fetchPointer(configUrl), configUrl)) as { remotes?: unknown } | null;
  const remotes = config?.remotes && typeof config.remotes === 'object' ? Object.values(config.remotes) : [];
  const manifestUrls = remotes.filter((v): v is string => typeof v === 'string' && v.length > 0);

  const result: WarmRemotesResult = { remotes: 0, files: 0, failed: 0 };
  const count = (outcomes: PromiseSettledResult<Response>[]) => {
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled' && outcome.value.ok) result.files += 1;
      else result.failed += 1;
    }
  };

  await Promise.all(
    manifestUrls.map(async (relative) => {
      const manifestUrl = new URL(relative, origin).href;
      let files;
      try {
        files = remoteFiles(await okJson(await fetchPointer(manifestUrl), manifestUrl), manifestUrl);
      } catch {
        result.failed += 1;
        return;
      }
      result.remotes += 1;
      result.files += 1;
      count(
        await Promise.allSettled([
          ...(files.entry ? [fetchPointer(files.entry)] : []),
          ...files.assets.map((url) => fetchAsset(url)),
        ]),
      );
    }),
  );
  return result;
}
