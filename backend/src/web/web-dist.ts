import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@kasa/contracts';

/** Where the production builds live: the shell and each remote's dist/ under WEB_DIST_ROOT. */
export class WebDist {
  constructor(private readonly root: string) {}

  get shellDir(): string {
    return join(this.root, 'frontend-shell', 'dist');
  }

  remoteDir(name: RemoteName): string {
    return join(this.root, `mfe-${name}`, 'dist');
  }

  get shellIndex(): string {
    return join(this.shellDir, 'index.html');
  }

  /** The web app manifest template the shell's build copies from public/. */
  get shellManifest(): string {
    return join(this.shellDir, 'manifest.json');
  }

  isShellBuilt(): boolean {
    return existsSync(this.shellIndex);
  }

  static readonly remotes = REMOTE_NAMES;
}
