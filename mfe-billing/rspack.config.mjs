// mfe-billing: Module Federation remote 'mfe_billing', exposes './App'. Also runs standalone (index.html).
import { kasaAppConfig, DEV_PORTS } from '../tools/rspack/rspack.shared.mjs';

export default kasaAppConfig({
  dir: import.meta.dirname,
  name: 'mfe_billing',
  port: DEV_PORTS.billing,
  exposes: { './App': './src/App.tsx' },
});
