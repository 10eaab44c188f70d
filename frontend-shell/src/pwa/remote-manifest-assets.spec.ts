import { remoteFiles } from './remote-manifest-assets';

/** Trimmed from a real mfe-chat build. */
const chatManifest = {
  id: 'mfe_chat',
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  shared: [
    {
      name: 'react',
      assets: { js: { sync: ['121.ddc464a175.js'], async: [] }, css: { sync: [], async: [] } },
    },
  ],
  exposes: [
    {
      name: 'App',
      assets: {
        js: {
          sync: ['__federation_expose_App.3ed208ddf4.js', '579.6d26088091.js'],
          async: ['9.aaaaaaaaaa.js'],
        },
        css: { sync: ['App.bbbbbbbbbb.css'], async: [] },
      },
    },
  ],
};

describe('remoteFiles', () => {
  it("lists the entry and the exposed modules' sync JS and CSS beside the manifest (publicPath auto)", () => {
    expect(remoteFiles(chatManifest, 'https://kasa.example/remotes/chat/mf-manifest.json')).toEqual({
      entry: 'https://kasa.example/remotes/chat/remoteEntry.js',
      assets: [
        'https://kasa.example/remotes/chat/__federation_expose_App.3ed208ddf4.js',
        'https://kasa.example/remotes/chat/579.6d26088091.js',
        'https://kasa.example/remotes/chat/App.bbbbbbbbbb.css',
      ],
    });
  });

  it("leaves out the remote's own copies of shared packages (the shell provides them)", () => {
    const { assets } = remoteFiles(chatManifest, 'https://kasa.example/remotes/chat/mf-manifest.json');
    expect(assets.some((a) => a.includes('121.ddc464a175'))).toBe(false);
  });

  it('honours an explicit publicPath and entry folder', () => {
    const manifest = {
      metaData: {
        publicPath: 'https://cdn.example/billing/',
        remoteEntry: { name: 'remoteEntry.js', path: 'v2' },
      },
      exposes: [{ assets: { js: { sync: ['a.0123456789.js'] } } }],
    };
    expect(remoteFiles(manifest, 'https://billing.example/mf-manifest.json')).toEqual({
      entry: 'https://cdn.example/billing/v2/remoteEntry.js',
      assets: ['https://cdn.example/billing/a.0123456789.js'],
    });
  });

  it('returns nothing for something that is not a manifest', () => {
    expect(remoteFiles('<html>', 'https://kasa.example/remotes/chat/mf-manifest.json')).toEqual({
      entry: null,
      assets: [],
    });
    expect(remoteFiles(null, 'https://kasa.example/x/mf-manifest.json')).toEqual({ entry: null, assets: [] });
  });
});
