import type { RuntimeConfig } from '@kasa/contracts';
import type { AppConfig } from '../config';

/** What the shell needs before it mounts anything: names and where each remote lives. */
export function runtimeConfigOf(config: AppConfig): RuntimeConfig {
  return { appName: config.appName, assistantName: config.assistantName, remotes: config.remoteUrls };
}
