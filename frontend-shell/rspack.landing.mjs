// The landing entry (docs/architecture.md#landing-entry): the signed-out / and /chat as an ordinary
// React build, without Module Federation. A compilation of its own, into dist/landing/, run before
// the shell's, which writes the entry's scripts into index.html. Not in the service worker's precache:
// offline, index.html falls back to the application (precached), which renders the same landing page.
import path from 'node:path';
import { moduleRules, productionDevtool, resolveOptions } from '../tools/rspack/rspack.shared.mjs';

export const LANDING_COMPILATION = 'landing';
const PUBLIC_PATH = '/landing/';

/**
 * What the landing compilation produced, filled in when it has emitted (the shell's compilation
 * runs after it, in the same process): the entry's initial scripts in load order.
 */
export function createLandingOutput() {
  return { scripts: [] };
}

/**
 * @param {object} options
 * @param {string} options.dir the shell's folder
 * @param {ReturnType<typeof createLandingOutput>} options.output filled when the compilation has emitted
 */
export function landingConfig({ dir, output }) {
  return {
    name: LANDING_COMPILATION,
    context: dir,
    mode: 'production',
    target: 'web',
    entry: { landing: './src/landing/entry.tsx' },
    output: {
      path: path.join(dir, 'dist', 'landing'),
      publicPath: PUBLIC_PATH,
      uniqueName: 'kasa_landing',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      clean: true,
    },
    resolve: resolveOptions(),
    module: { rules: moduleRules({ isProd: true, refresh: false }) },
    plugins: [new RecordLandingOutput(output)],
    devtool: productionDevtool(),
    optimization: { minimize: true, splitChunks: { chunks: 'async', minSize: 10000 } },
    performance: { hints: false },
  };
}

class RecordLandingOutput {
  constructor(output) {
    this.output = output;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('KasaRecordLandingOutput', (compilation) => {
      const entry = compilation.entrypoints.get('landing');
      this.output.scripts.splice(
        0,
        Infinity,
        ...entry
          .getFiles()
          .filter((file) => file.endsWith('.js'))
          .map((file) => PUBLIC_PATH + file),
      );
    });
  }
}
