/** @jest-environment node */
// Node's fetch classes (Response, AbortController): the service worker has them, jsdom does not.
import { answerNavigation, type NavigationSources } from './sw-navigation';

const page = (body: string, status = 200) => new Response(body, { status });

function sources(network: NavigationSources['network'], { shell = true, offline = true } = {}) {
  return {
    network: jest.fn(network),
    cachedShell: jest.fn(async () => (shell ? page('cached shell') : undefined)),
    offlinePage: jest.fn(async () => (offline ? page('offline page') : undefined)),
    timeoutMs: 4000,
  };
}

afterEach(() => jest.useRealTimers());

describe('answerNavigation', () => {
  it("answers with the network's page when the network answers in time", async () => {
    const s = sources(async () => page('fresh page'));
    expect(await (await answerNavigation(s)).text()).toBe('fresh page');
    expect(s.cachedShell).not.toHaveBeenCalled();
  });

  it('keeps a 404 from the network (the app decides what an unknown route is)', async () => {
    const response = await answerNavigation(sources(async () => page('not found', 404)));
    expect(response.status).toBe(404);
  });

  it('falls back to the cached shell when offline', async () => {
    const response = await answerNavigation(sources(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await response.text()).toBe('cached shell');
  });

  it('falls back to the cached shell on a server error (a proxy in front of a stopped server)', async () => {
    const response = await answerNavigation(sources(async () => page('Bad gateway', 502)));
    expect(await response.text()).toBe('cached shell');
  });

  it('answers from the cache after 4 s on a slow connection, and stops the slow download', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    const s = sources((abort) => {
      signal = abort;
      return new Promise<Response>(() => undefined);
    });
    const answer = answerNavigation(s);
    await jest.advanceTimersByTimeAsync(3999);
    expect(s.cachedShell).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(await (await answer).text()).toBe('cached shell');
    expect(signal?.aborted).toBe(true);
  });

  it('falls back to the offline page when the shell is not cached, and to a network error after that', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await (await answerNavigation(sources(offline, { shell: false }))).text()).toBe('offline page');
    const none = await answerNavigation(sources(offline, { shell: false, offline: false }));
    expect(none.type).toBe('error');
  });
});
