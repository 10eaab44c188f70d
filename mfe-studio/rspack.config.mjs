// mfe-studio: Module Federation remote 'mfe_studio', exposes './App'. Also runs standalone (index.html).
import { kasaAppConfig, DEV_PORTS } from '../tools/rspack/rspack.shared.mjs';

export default kasaAppConfig({
  dir: import.meta.dirname,
  name: 'mfe_studio',
  port: DEV_PORTS.studio,
  exposes: { './App': './src/App.tsx' },
});
