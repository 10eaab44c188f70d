// mfe-chat: Module Federation remote 'mfe_chat', exposes './App'. Also runs standalone (index.html).
import { kasaAppConfig, DEV_PORTS } from '../tools/rspack/rspack.shared.mjs';

export default kasaAppConfig({
  dir: import.meta.dirname,
  name: 'mfe_chat',
  port: DEV_PORTS.chat,
  exposes: { './App': './src/App.tsx' },
});
