// mfe-account: Module Federation remote 'mfe_account', exposes './App'. Also runs standalone (index.html).
import { kasaAppConfig, DEV_PORTS } from '../tools/rspack/rspack.shared.mjs';

export default kasaAppConfig({
  dir: import.meta.dirname,
  name: 'mfe_account',
  port: DEV_PORTS.account,
  exposes: { './App': './src/App.tsx' },
});
