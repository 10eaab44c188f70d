/** @jest-environment node */
import { warmRemotes } from './sw-warm-remotes';

const origin = 'https://kasa.example';
const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
const manifest = (name: string) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { assets: { js: { sync: [`__federation_expose_App.${name}.js`], async: [] }, css: { sync: [] } } },
  ],
});

describe('warmRemotes', () => {
  it("caches each remote's manifest and entry (network first) and its exposed chunks (cache first)", async () => {
    const server: Record<string, () => Response> = {
      [`${origin}/runtime-config.json`]: () =>
        json({
          remotes: {
            chat: '/remotes/chat/mf-manifest.json',
            billing: 'https://pay.example/mf-manifest.json',
          },
        }),
      [`${origin}/remotes/chat/mf-manifest.json`]: () => json(manifest('aaaaaaaaaa')),
      [`${origin}/remotes/chat/remoteEntry.js`]: () => new Response('var mfe_chat'),
      ['https://pay.example/mf-manifest.json']: () => json(manifest('bbbbbbbbbb')),
      ['https://pay.example/remoteEntry.js']: () => new Response('var mfe_billing'),
    };
    const fetchPointer = jest.fn(async (url: string) => server[url]?.() ?? new Response('', { status: 404 }));
    const fetchAsset = jest.fn(async (_url: string) => new Response('chunk'));

    const result = await warmRemotes({ origin, fetchPointer, fetchAsset });

    expect(fetchPointer.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(server).sort());
    expect(fetchAsset.mock.calls.map(([url]) => url).sort()).toEqual([
      `${origin}/remotes/chat/__federation_expose_App.aaaaaaaaaa.js`,
      'https://pay.example/__federation_expose_App.bbbbbbbbbb.js',
    ]);
    expect(result).toEqual({ remotes: 2, files: 6, failed: 0 });
  });

  it('goes on with the other remotes when one is unreachable', async () => {
    const fetchPointer = jest.fn(async (url: string) => {
      if (url.endsWith('/runtime-config.json'))
        return json({
          remotes: { chat: '/remotes/chat/mf-manifest.json', studio: '/remotes/studio/mf-manifest.json' },
        });
      if (url.includes('/studio/')) throw new TypeError('Failed to fetch');
      if (url.endsWith('mf-manifest.json')) return json(manifest('cccccccccc'));
      return new Response('entry');
    });
    const result = await warmRemotes({ origin, fetchPointer, fetchAsset: async () => new Response('chunk') });
    expect(result).toEqual({ remotes: 1, files: 3, failed: 1 });
  });

  it('fails as a whole when the runtime config cannot be read (offline at install)', async () => {
    await expect(
      warmRemotes({
        origin,
        fetchPointer: () => Promise.reject(new TypeError('Failed to fetch')),
        fetchAsset: jest.fn(),
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});
