// frontend-shell: the Module Federation host. Remotes are registered at runtime from /runtime-config.json.
import { kasaAppConfig, DEV_PORTS } from '../tools/rspack/rspack.shared.mjs';
import { pwaPlugins } from './rspack.pwa.mjs';
import { FirstScreenChunksPlugin } from './rspack.first-screen.mjs';
import { LANDING_COMPILATION, createLandingOutput, landingConfig } from './rspack.landing.mjs';

// Filled by the landing compilation (production only), read by the shell's when it runs after it.
const landing = createLandingOutput();
// Filled by the shell's own compilation before its index.html is written (production only).
const firstScreen = { scripts: [] };

const devRuntimeConfig = {
  appName: process.env.APP_NAME || 'Kasa',
  assistantName: process.env.ASSISTANT_NAME || process.env.APP_NAME || 'Kasa',
  remotes: {
    chat: process.env.REMOTE_URL_CHAT || `http://localhost:${DEV_PORTS.chat}/mf-manifest.json`,
    studio: process.env.REMOTE_URL_STUDIO || `http://localhost:${DEV_PORTS.studio}/mf-manifest.json`,
    billing: process.env.REMOTE_URL_BILLING || `http://localhost:${DEV_PORTS.billing}/mf-manifest.json`,
    account: process.env.REMOTE_URL_ACCOUNT || `http://localhost:${DEV_PORTS.account}/mf-manifest.json`,
  },
};

const appConfig = kasaAppConfig({
  dir: import.meta.dirname,
  name: 'kasa_shell',
  port: DEV_PORTS.shell,
  host: true,
  pageScripts: () => ({ landing: landing.scripts, first: firstScreen.scripts }),
  devServer: {
    proxy: [{ context: ['/api'], target: 'http://localhost:3000', changeOrigin: false, ws: true }],
    // In development the shell itself answers /runtime-config.json, pointing at the remotes' dev servers.
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'kasa-runtime-config',
        path: '/runtime-config.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(devRuntimeConfig));
        },
      });
      return middlewares;
    },
  },
});

// Production: the landing entry's compilation, then the shell's (the shared app config plus the PWA
// pieces: manifest, icons, offline page, service worker). The dev server serves the shell alone:
// there index.html starts the application for every visitor.
export default (env, argv = {}) => {
  const config = appConfig(env, argv);
  const isProd = config.mode === 'production';
  config.plugins.push(...pwaPlugins({ dir: import.meta.dirname, isProd }));
  if (!isProd) return config;
  config.plugins.push(new FirstScreenChunksPlugin(firstScreen));
  return [
    landingConfig({ dir: import.meta.dirname, output: landing }),
    { ...config, name: 'shell', dependencies: [LANDING_COMPILATION] },
  ];
};
