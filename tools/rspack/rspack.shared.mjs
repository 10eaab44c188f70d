// Shared rspack 2 + Module Federation (enhanced 2.9) configuration for the shell and the four remotes.
// Each app's rspack.config.mjs calls kasaAppConfig({...}) with its name, port and exposes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

import federationShared from './federation-shared.cjs';

export const { SHARED_SINGLETONS, REACT_ROUTER_EXPORTS } = federationShared;

const workspaceRoot = path.resolve(import.meta.dirname, '../..');

/**
 * @kasa/ui's static stylesheet (the first screens' layout as plain classes), inlined by
 * each app's index.html as `<%= kasaUiCss %>`: applied before any script, and no JavaScript bytes.
 * Comments and indentation stripped.
 */
function kasaUiCss() {
  return readFileSync(path.join(workspaceRoot, 'libs/ui/src/static.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*([{};\n])\s*/g, (_, c) => (c === '\n' ? '' : c));
}

function sharedConfig(isProd) {
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    // Workspace libs are versioned together with the apps: any version is fine.
    shared[name] = name.startsWith('@kasa/')
      ? { singleton: true, requiredVersion: false }
      : { singleton: true };
  }
  // Production only: in development builds the tree-shaking pass marks CommonJS exports of the MF
  // runtime itself as unused (rspack 2.3 + enhanced 2.9: "require_runtime.__exportAll is not a
  // function"), and size does not matter there, so dev servers share the whole package.
  if (isProd) {
    shared['react-router'] = {
      singleton: true,
      treeShaking: { mode: 'runtime-infer', usedExports: [...REACT_ROUTER_EXPORTS] },
    };
  }
  return shared;
}

/** How the frontends resolve imports (the same for every compilation). */
/**
 * Production builds ship no source maps; `KASA_SOURCE_MAPS=1` writes them beside the scripts, not
 * referenced from them, for bench/lighthouse/tasks.mjs --functions to name the code of a long task.
 */
export function productionDevtool() {
  return process.env.KASA_SOURCE_MAPS === '1' ? 'hidden-source-map' : false;
}

export function resolveOptions() {
  return {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    // The contracts package's `main` is its CommonJS build (for the backend); the frontends
    // bundle its ES source instead, so `rspack serve` works without building it first.
    alias: { '@kasa/contracts$': path.join(workspaceRoot, 'libs/contracts/src/index.ts') },
  };
}

/** The loaders of every compilation: TypeScript through SWC, package stylesheets as text. */
export function moduleRules({ isProd, refresh }) {
  return [
    {
      // Stylesheets of packages (KaTeX's, in the reply renderer's lazy maths chunk) come in as
      // text, which the importing module adds to the page itself
      // (libs/ui/src/markdown/math/KatexFormula.tsx). A .css file, or rspack's own <style>
      // injection, would put a stylesheet loader in every app's entry runtime: bytes on the
      // first load of every page (~0.2 to 0.5 KB gz, and `/` sits at its budget) for one lazy chunk.
      // Its url()s (fonts) are still emitted as files, named relative to the public path.
      test: /\.css$/,
      type: 'css',
      parser: { exportType: 'text' },
    },
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      type: 'javascript/auto',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: {
            react: { runtime: 'automatic', development: !isProd, refresh },
          },
        },
      },
    },
  ];
}

/** Dev-server ports (rspack serve). The shell proxies /api to the backend on 3000. */
export const DEV_PORTS = { shell: 4200, chat: 4201, studio: 4202, billing: 4203, account: 4204 };

/**
 * @param {object} options
 * @param {string} options.dir         the app's folder (__dirname of its rspack.config.js)
 * @param {string} options.name        Module Federation container name (mfe_chat, ...; kasa_shell for the host)
 * @param {number} options.port        dev-server port
 * @param {boolean} [options.host]     true for the shell (publicPath '/'); remotes use publicPath 'auto'
 * @param {Record<string,string>} [options.exposes]
 * @param {object} [options.devServer] extra dev-server options (proxy, middlewares)
 * @param {() => Record<string, string[]>} [options.pageScripts] the shell: other entries' initial
 *   scripts by name, written with the app's own (`app`) into index.html as `<%= pageScripts %>`
 *   (JSON), whose loader picks one list; without it the page's script tags are injected as usual.
 */
export function kasaAppConfig({ dir, name, port, host = false, exposes, devServer = {}, pageScripts }) {
  return (_env, argv = {}) => {
    const isProd = (argv.mode || process.env.NODE_ENV) === 'production';
    const refresh = !isProd && process.env.KASA_NO_REFRESH !== '1';
    // A remote's production build is only ever loaded by the shell (its remoteEntry uses the
    // shell's MF runtime), so it has no page of its own; standalone runs use the dev server.
    const standalonePage = host || !isProd;
    const plugins = [
      ...(standalonePage
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(dir, 'index.html'),
              minify: isProd,
              ...(pageScripts
                ? {
                    // The page picks its entry itself (the shell's index.html): no script tags injected.
                    inject: false,
                    templateParameters: (params) => ({
                      ...params,
                      kasaUiCss: kasaUiCss(),
                      pageScripts: JSON.stringify({
                        app: params.htmlRspackPlugin.files.js,
                        ...pageScripts(),
                      }),
                    }),
                  }
                : { templateParameters: { kasaUiCss: kasaUiCss() } }),
            }),
          ]
        : []),
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
        // No static remotes: the shell registers them at runtime from /runtime-config.json.
        remotes: {},
        shared: sharedConfig(isProd),
        // 'version-first' would fetch every registered remote's entry at start-up to compare
        // versions; 'loaded-first' lets a remote load only when its route is visited.
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // Production: the MF runtime core (~30 KB gz) ships once, in the shell, and every
        // remoteEntry.js uses it instead of carrying its own copy.
        experiments: isProd ? (exposes ? { externalRuntime: true } : { provideExternalRuntime: true }) : {},
      }),
    ];
    if (refresh) plugins.push(new ReactRefreshRspackPlugin());
    return {
      context: dir,
      mode: isProd ? 'production' : 'development',
      target: 'web',
      entry: standalonePage ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        // Remotes: chunks load relative to wherever their remoteEntry / manifest is served.
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
        // Keep the tree-shaken shared fallbacks Module Federation builds into independent-packages/
        // before this compilation emits (the manifest points at them). `keep` gets absolute paths.
        // The shell also keeps its landing entry's folder (landing/), built just before it.
        clean: {
          keep: host
            ? /[\\/](?:independent-packages|landing)(?:[\\/]|$)/
            : /[\\/]independent-packages([\\/]|$)/,
        },
      },
      resolve: resolveOptions(),
      module: { rules: moduleRules({ isProd, refresh }) },
      plugins,
      devtool: isProd ? productionDevtool() : 'cheap-module-source-map',
      // rspack 2 serves dynamic imports lazily by default; with Module Federation the first page
      // load then races a rebuild (failed hot update, blank standalone remote). Compile up front.
      lazyCompilation: false,
      optimization: {
        minimize: isProd,
        // Async chunks only: entry chunks (main, remoteEntry) stay whole, which Module Federation
        // needs; shared singletons and each route's code become their own cacheable chunks.
        splitChunks: {
          chunks: 'async',
          minSize: 10000,
          // The reply renderer's heavy parts (@kasa/ui/markdown: lazy-parts.ts) by name, so that the
          // shell's service worker can leave them out of its install-time precache
          // (frontend-shell/rspack.pwa.mjs): only replies with maths or code need them.
          cacheGroups: {
            katex: { test: /[\\/]node_modules[\\/]katex[\\/]/, name: 'katex', priority: 20 },
            highlighter: {
              test: /[\\/]node_modules[\\/](?:lowlight|highlight\.js|devlop|dequal)[\\/]/,
              name: 'highlighter',
              priority: 20,
            },
            // Emotion's internals (serialize, memoize, cache, sheet...) are imported by both shared
            // singletons, @emotion/react and @emotion/styled. Under minSize each fallback chunk kept
            // its own copy, downloaded twice on every first load: one chunk both point to.
            emotionInternals: {
              test: /[\\/]node_modules[\\/]@emotion[\\/](?!react[\\/]|styled[\\/])/,
              minSize: 0,
              priority: 10,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port,
        hot: refresh,
        liveReload: true,
        historyApiFallback: true,
        allowedHosts: 'all',
        // The shell (another port) loads remotes' entries and chunks cross-origin.
        headers: host ? {} : { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false } },
        ...devServer,
      },
    };
  };
}
