import { earlyManifestPlugin, takeEarlyManifest } from './early-manifests';
import { jsonResponse } from './testing/json-response';

const URL_ = 'https://kasa.example/remotes/chat/mf-manifest.json';

function fakeWindow(early?: Promise<Response>) {
  const fetch = jest.fn(async () => jsonResponse(200, { again: true }));
  const win = { fetch, __kasaEarlyManifests: early ? { [URL_]: early } : {} } as unknown as Window;
  return { win, fetch };
}

test('the early response is handed over once, then Module Federation fetches for itself', async () => {
  const { win, fetch } = fakeWindow(Promise.resolve(jsonResponse(200, { early: true })));
  const first = takeEarlyManifest(URL_, {}, win);
  expect(first).toBeDefined();
  await expect((await first!).json()).resolves.toEqual({ early: true });
  expect(takeEarlyManifest(URL_, {}, win)).toBeUndefined();
  expect(fetch).not.toHaveBeenCalled();
});

test('no early fetch for a URL: undefined (the default fetch runs)', () => {
  const { win } = fakeWindow();
  expect(takeEarlyManifest(URL_, {}, win)).toBeUndefined();
  expect(takeEarlyManifest(URL_, {}, {} as Window)).toBeUndefined();
});

test.each([
  ['failed', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['answered 503', () => Promise.resolve(jsonResponse(503, { error: 'busy' }))],
])('an early fetch that %s is fetched again', async (_, early) => {
  const { win, fetch } = fakeWindow(early());
  const response = await takeEarlyManifest(URL_, { cache: 'no-store' }, win)!;
  await expect(response.json()).resolves.toEqual({ again: true });
  expect(fetch).toHaveBeenCalledWith(URL_, { cache: 'no-store' });
});

test("the runtime plugin answers Module Federation's fetch hook", async () => {
  const { win } = fakeWindow(Promise.resolve(jsonResponse(200, { early: true })));
  const plugin = earlyManifestPlugin(win);
  expect(plugin.name).toBe('kasa-early-manifests');
  const hook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined;
  await expect((await hook(URL_, {}))!.json()).resolves.toEqual({ early: true });
  expect(hook('https://kasa.example/remotes/studio/mf-manifest.json', {})).toBeUndefined();
});
