import { readFile, stat } from 'node:fs/promises';
import type { RuntimeConfig } from '@kasa/contracts';

/** The id the shell looks for (frontend-shell/src/runtime-config.ts): keep both in step. */
export const INLINE_RUNTIME_CONFIG_ID = 'kasa-runtime-config';

/**
 * The shell's index.html with the runtime configuration inlined as a JSON data block, so the
 * shell starts without a /runtime-config.json round trip (on a slow mobile line each round trip
 * is hundreds of milliseconds before the landing page can show). A JSON block is data, not a
 * script: the CSP does not apply to it. `<` is escaped so no value can close the element.
 */
export function withInlineRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script id="${INLINE_RUNTIME_CONFIG_ID}" type="application/json">${json}</script>`;
  // A replacer function: `$&` or `$'` in a configured name must stay text, not a replacement pattern.
  return html.includes('</head>') ? html.replace('</head>', () => `${block}</head>`) : `${block}${html}`;
}

/** Renders index.html once per build (re-read when the file changes on disk). */
export class ShellIndexRenderer {
  private cached?: { mtimeMs: number; html: string };

  constructor(
    private readonly indexPath: string,
    private readonly config: RuntimeConfig,
  ) {}

  async render(): Promise<string> {
    const { mtimeMs } = await stat(this.indexPath);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const html = await readFile(this.indexPath, 'utf8');
      this.cached = { mtimeMs, html: withInlineRuntimeConfig(html, this.config) };
    }
    return this.cached.html;
  }
}
