// The shell's PWA build steps: public/ (manifest template, icons, offline page) copied to dist/,
// and in production the service worker compiled from src/pwa/service-worker.ts with the list of
// the shell's files to precache injected (workbox InjectManifest, rspack port).
import path from 'node:path';
import { rspack } from '@rspack/core';
import { InjectManifest } from '@aaroon/workbox-rspack-plugin';

/**
 * @param {object} options
 * @param {string} options.dir     the shell's folder
 * @param {boolean} options.isProd production build
 */
export function pwaPlugins({ dir, isProd }) {
  const plugins = [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public'), to: '.' }] })];
  // The dev server needs no worker (it would cache what is being edited).
  if (isProd) {
    plugins.push(
      new InjectManifest({
        swSrc: path.join(dir, 'src/pwa/service-worker.ts'),
        swDest: 'service-worker.js',
        // What a first visit needs to work offline afterwards: the shell's JS and CSS, its page, the
        // offline page and the icon it shows. Left out: the manifest (served by the backend with the
        // configured name), mf-manifest files (the shell is the host, nobody reads them) and
        // independent-packages/ (whole-package fallbacks the tree-shaken shared modules never need),
        // and the reply renderer's KaTeX and highlighter chunks (~105 KB gz, fetched by the few
        // replies with maths or code; without them a reply still shows its text).
        include: [/\.(?:js|css)$/, /^index\.html$/, /^offline\.html$/, /^icons\/icon-192\.png$/],
        exclude: [
          /^independent-packages\//,
          /\.map$/,
          /^service-worker\.js$/,
          /^(?:katex|highlighter)\.[0-9a-f]{10}\.js$/,
        ],
        // Content-hashed names need no ?__WB_REVISION__ query: the name is the revision.
        dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.(?:js|css)$/,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      }),
    );
  }
  return [new MainBuildOnly(path.join(dir, 'dist'), plugins)];
}

/**
 * Module Federation's tree-shaking builds each shared package's fallback (independent-packages/)
 * in a second compiler that reuses the app's plugins: without this guard it would emit another
 * service worker, manifest and icons in there. Applies its plugins only to the build writing `outputPath`.
 */
class MainBuildOnly {
  constructor(outputPath, plugins) {
    this.name = 'KasaPwaMainBuildOnly';
    this.outputPath = path.resolve(outputPath);
    this.plugins = plugins;
  }

  apply(compiler) {
    if (path.resolve(compiler.options.output.path) !== this.outputPath) return;
    for (const plugin of this.plugins) plugin.apply(compiler);
  }
}
