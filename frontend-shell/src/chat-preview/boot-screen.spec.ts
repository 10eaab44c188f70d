import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// index.html's own scripts, run here as the browser runs them: the one in <head> picks the first
// screen (landing hero, chat preview, or the splash), the first one at the end of <body> picks the
// page's JavaScript (the landing entry or the application), the last takes the preview away once
// the shell shows something other than its splash or the chat's loading line.
const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
const page = new DOMParser().parseFromString(html, 'text/html');
const inlineScripts = [...page.querySelectorAll('script:not([src])')].map(
  (script) => script.textContent ?? '',
);
const scriptWith = (text: string) => inlineScripts.find((code) => code.includes(text)) ?? '';
const chooseScreen = scriptWith('auth_token');
const leavePreview = scriptWith('MutationObserver');
// The build writes the entries' scripts in place of the template parameter (rspack.config.mjs).
const PAGE_SCRIPTS = {
  app: ['/main.0123456789.js'],
  first: ['/121.0123456789.js', '/265.0123456789.js'],
  landing: ['/landing/landing.0123456789.js'],
};
/** The application's start: its first-screen chunks, then its entry. */
const APPLICATION = [...PAGE_SCRIPTS.first, ...PAGE_SCRIPTS.app];
const loaderWith = (pageScripts: typeof PAGE_SCRIPTS) =>
  scriptWith('<%= pageScripts %>').replace('<%= pageScripts %>', JSON.stringify(pageScripts));
const startScripts = loaderWith(PAGE_SCRIPTS);
const runInPage = (code: string) => (0, eval)(code);
const root = document.documentElement;

function open(path: string, { token, language }: { token?: string; language?: string } = {}) {
  localStorage.clear();
  if (token) localStorage.setItem('auth_token', token);
  if (language) localStorage.setItem('kasa-language', language);
  delete root.dataset.boot;
  delete root.dataset.bootLang;
  window.history.replaceState(null, '', path);
  document.body.innerHTML = page.body.innerHTML;
  runInPage(chooseScreen);
  runInPage(leavePreview);
}

/** What React commits into #root (the observer reacts after the mutation, in a microtask). */
async function shellRenders(markup: string) {
  (document.getElementById('root') as HTMLElement).innerHTML = markup;
  await Promise.resolve();
}

const preview = () => document.querySelector('[data-testid="chat-preview"]');

test('the three scripts are there', () => {
  expect(chooseScreen).toContain('dataset.boot');
  expect(leavePreview).toContain('dataset.boot');
  expect(startScripts).toContain('/landing/landing.0123456789.js');
});

/** The scripts the loader added to the page, in order. */
/** The scripts the page has added once its loader's tasks have run (the chunks go in from the next task on). */
function startedScripts(): HTMLScriptElement[] {
  jest.useFakeTimers();
  try {
    runInPage(startScripts);
    jest.runAllTimers();
  } finally {
    jest.useRealTimers();
  }
  return [...document.body.querySelectorAll<HTMLScriptElement>('script[src]')];
}

describe("the page's JavaScript", () => {
  test.each(['/', '/chat', '/chat/'])('signed out at %s: the landing entry, in order', (path) => {
    open(path);
    const scripts = startedScripts();
    expect(scripts.map((s) => new URL(s.src).pathname)).toEqual(PAGE_SCRIPTS.landing);
    expect(scripts.every((s) => !s.async)).toBe(true);
  });

  test.each(['/legal/terms', '/account', '/s/abc123'])('signed out at %s: the application', (path) => {
    open(path);
    expect(startedScripts().map((s) => new URL(s.src).pathname)).toEqual(APPLICATION);
  });

  test("the application's first-screen chunks load in any order, its entry in order", () => {
    open('/chat', { token: 'ey.stored.token' });
    const scripts = startedScripts();
    expect(scripts.filter((s) => s.async).map((s) => new URL(s.src).pathname)).toEqual(PAGE_SCRIPTS.first);
    expect(scripts.filter((s) => !s.async).map((s) => new URL(s.src).pathname)).toEqual(PAGE_SCRIPTS.app);
  });

  test('a first-screen chunk that fails to load leaves the page (the runtime then requests it itself)', () => {
    open('/chat', { token: 'ey.stored.token' });
    const [failed, loaded] = startedScripts();
    failed.dispatchEvent(new Event('error'));
    expect(failed.isConnected).toBe(false);
    expect(loaded.isConnected).toBe(true);
    expect(document.querySelector('script[src$="/main.0123456789.js"]')).not.toBeNull();
  });

  test('the first-screen chunks are added a few per task, the entry with the last of them', () => {
    jest.useFakeTimers();
    try {
      open('/chat', { token: 'ey.stored.token' });
      const first = Array.from({ length: 10 }, (_, i) => `/${100 + i}.0123456789.js`);
      runInPage(loaderWith({ ...PAGE_SCRIPTS, first }));
      const added = () =>
        [...document.body.querySelectorAll<HTMLScriptElement>('script[src]')].map(
          (s) => new URL(s.src).pathname,
        );
      // The loader's own task parses the page and starts the remote's manifest: no chunk yet.
      expect(added()).toEqual([]);
      // Then three chunks per task; then the last one and the entry.
      jest.advanceTimersToNextTimer();
      expect(added()).toEqual(first.slice(0, 3));
      jest.advanceTimersToNextTimer();
      expect(added()).toEqual(first.slice(0, 6));
      jest.advanceTimersToNextTimer();
      expect(added()).toEqual(first.slice(0, 9));
      jest.advanceTimersToNextTimer();
      expect(added()).toEqual([...first, ...PAGE_SCRIPTS.app]);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test.each(['/', '/chat', '/ai-studio'])('signed in at %s: the application', (path) => {
    open(path, { token: 'ey.stored.token' });
    expect(startedScripts().map((s) => new URL(s.src).pathname)).toEqual(APPLICATION);
  });

  test('signed out with the data saver on (chosen, or Save-Data on auto): the application', () => {
    open('/');
    localStorage.setItem('kasa-data-saver', 'on');
    expect(startedScripts().map((s) => new URL(s.src).pathname)).toEqual(APPLICATION);

    open('/');
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: false, effectiveType: '3g' },
    });
    try {
      expect(startedScripts().map((s) => new URL(s.src).pathname)).toEqual(APPLICATION);
      open('/');
      localStorage.setItem('kasa-data-saver', 'off');
      expect(startedScripts().map((s) => new URL(s.src).pathname)).toEqual(PAGE_SCRIPTS.landing);
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  test('a landing script that fails to load starts the application, once', () => {
    open('/');
    const [landing] = startedScripts();
    jest.useFakeTimers();
    try {
      landing.dispatchEvent(new Event('error'));
      landing.dispatchEvent(new Event('error'));
      jest.runAllTimers();
    } finally {
      jest.useRealTimers();
    }
    const paths = [...document.body.querySelectorAll<HTMLScriptElement>('script[src]')].map(
      (s) => new URL(s.src).pathname,
    );
    expect(paths).toEqual([...PAGE_SCRIPTS.landing, ...APPLICATION]);
  });
});

describe("the signed-in chat's remote, fetched by the loader", () => {
  const MANIFEST = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'App', path: './App', assets: { js: { sync: ['__federation_expose_App.0123456789.js'] } } },
    ],
  };
  const manifestResponse = (status = 200, appChunks = MANIFEST.exposes[0].assets.js.sync) => {
    const manifest = {
      ...MANIFEST,
      exposes: [{ ...MANIFEST.exposes[0], assets: { js: { sync: appChunks } } }],
    };
    const response = { ok: status === 200, status, json: async () => manifest } as unknown as Response;
    (response as { clone: () => Response }).clone = () => response;
    return response;
  };
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn(async () => manifestResponse());
    window.fetch = fetchMock;
    const config = document.createElement('script');
    config.id = 'kasa-runtime-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({ remotes: { chat: '/remotes/chat/mf-manifest.json' } });
    document.head.append(config);
  });
  afterEach(() => {
    document.getElementById('kasa-runtime-config')?.remove();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    delete window.__kasaEarlyManifests;
  });

  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
      (link) => new URL(link.href).pathname,
    );

  test.each(['/chat', '/?c=2b7d5c1e-0000-4000-8000-000000000000'])(
    'at %s: its manifest at once, kept for Module Federation, then preloads of its entry and App',
    async (path) => {
      open(path, { token: 'ey.stored.token' });
      startedScripts();
      const url = new URL('/remotes/chat/mf-manifest.json', window.location.href).href;
      expect(fetchMock).toHaveBeenCalledWith(url);
      expect(window.__kasaEarlyManifests?.[url]).toBeInstanceOf(Promise);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(preloads()).toEqual([
        '/remotes/chat/remoteEntry.js',
        '/remotes/chat/__federation_expose_App.0123456789.js',
      ]);
    },
  );

  test('many preloads go into the page three per task', async () => {
    const files = Array.from({ length: 5 }, (_, i) => `${200 + i}.0123456789.js`);
    fetchMock.mockImplementation(async () => manifestResponse(200, files));
    open('/chat', { token: 'ey.stored.token' });
    startedScripts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The entry and the first two of the App's chunks in the manifest's task, the rest in the next.
    expect(preloads()).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toHaveLength(6);
  });

  test('a manifest that does not answer OK adds no preload', async () => {
    fetchMock.mockImplementation(async () => manifestResponse(503));
    open('/chat', { token: 'ey.stored.token' });
    startedScripts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual([]);
  });

  test.each([
    ['signed in, another page', '/account', 'ey.stored.token'],
    ['signed out', '/chat', undefined],
  ])('%s: nothing fetched', (_, path, token) => {
    open(path, { token });
    startedScripts();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__kasaEarlyManifests).toBeUndefined();
  });
});

test('signed out: the landing hero on any path, in the kept language', () => {
  open('/chat', { language: 'fr' });
  expect(root.dataset.boot).toBe('landing');
  expect(root.dataset.bootLang).toBe('fr');
  open('/legal/terms');
  expect(root.dataset.boot).toBe('landing');
  expect(root.dataset.bootLang).toBe('en');
});

test.each([
  ['/', 'chat'],
  ['/chat', 'chat'],
  ['/chat/', 'chat'],
  ['/chat?c=', 'chat'],
  ['/chat?c=2b7d5c1e-0000-4000-8000-000000000000', 'conversation'],
  ['/?c=2b7d5c1e-0000-4000-8000-000000000000', 'conversation'],
])('signed in at %s: the chat preview (%s)', (path, screen) => {
  open(path, { token: 'ey.stored.token', language: 'fr' });
  expect(root.dataset.boot).toBe(screen);
  expect(root.dataset.bootLang).toBe('fr');
});

test.each([undefined, 'ey.stored.token'])(
  'a shared conversation (/s/{id}): the splash, signed in or out',
  (token) => {
    open('/s/Zk3x_9QpLr2AbCdEfGhIjK', { token });
    expect(root.dataset.boot).toBeUndefined();
  },
);

test.each(['/account', '/ai-studio', '/subscription', '/legal/terms', '/chats'])(
  'signed in at %s: no preview, the splash',
  (path) => {
    open(path, { token: 'ey.stored.token' });
    expect(root.dataset.boot).toBeUndefined();
  },
);

test("the chat preview stays through the shell's splash and the chat's loading line, then goes", async () => {
  open('/chat', { token: 'ey.stored.token' });
  await shellRenders('<div data-testid="splash" role="status">Initializing Kasa</div>');
  expect(preview()).not.toBeNull();
  await shellRenders('<div><div data-testid="remote-loading" role="status">Loading Chat...</div></div>');
  expect(preview()).not.toBeNull();
  expect(root.dataset.boot).toBe('chat');

  await shellRenders('<div data-testid="remote-chat"><div data-testid="chat-page"></div></div>');
  expect(preview()).toBeNull();
  expect(root.dataset.boot).toBeUndefined();
});

test.each([
  ['a revoked token (the landing page)', '<div data-testid="landing-page"></div>'],
  ['an unreachable session check', '<div data-testid="session-error-panel"></div>'],
  ['a chat remote that cannot load', '<div data-testid="remote-error-panel"></div>'],
])('the chat preview gives way to %s', async (_, markup) => {
  open('/', { token: 'ey.stored.token' });
  await shellRenders('<div data-testid="splash"></div>');
  expect(preview()).not.toBeNull();
  await shellRenders(markup);
  expect(preview()).toBeNull();
  expect(root.dataset.boot).toBeUndefined();
});

test('signed out, the chat preview is never shown and nothing watches #root', async () => {
  open('/chat');
  await shellRenders('<div data-testid="landing-page"></div>');
  expect(root.dataset.boot).toBe('landing');
  // Still in the page (hidden by CSS without data-boot="chat"): only the signed-in path removes it.
  expect(preview()).not.toBeNull();
});
