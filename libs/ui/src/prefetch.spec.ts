import { DATA_SAVER_STORAGE_KEY } from './data-saver';
import { prefetchChunks, prefetchOnIdle, type ChunkRuntime } from './prefetch';

/** A stand-in for rspack's runtime: each loader asks its script loader for one chunk. */
function fakeRuntime() {
  const loaded: string[] = [];
  const runtime: ChunkRuntime = {
    l: (url, done) => {
      loaded.push(url);
      done({ type: 'load', target: { src: url } });
    },
  };
  const loader = (url: string) => () =>
    new Promise<void>((resolve, reject) =>
      runtime.l?.(url, (event) => (event?.type === 'load' ? resolve() : reject(new Error(event?.type)))),
    );
  return { runtime, loaded, loader };
}

const prefetchLinks = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});

test('adds a prefetch link per chunk, runs nothing, and gives the runtime its loader back', async () => {
  const { runtime, loaded, loader } = fakeRuntime();
  const original = runtime.l;
  prefetchChunks(runtime, [loader('/remotes/chat/1.js'), loader('/remotes/chat/2.js')]);
  expect(prefetchLinks()).toEqual(['/remotes/chat/1.js', '/remotes/chat/2.js']);
  expect(loaded).toEqual([]);
  expect(runtime.l).toBe(original);
  // The real import later goes through the real loader.
  await loader('/remotes/chat/1.js')();
  expect(loaded).toEqual(['/remotes/chat/1.js']);
});

test('a chunk is asked for once', () => {
  const { runtime, loader } = fakeRuntime();
  prefetchChunks(runtime, [loader('/a.js')]);
  prefetchChunks(runtime, [loader('/a.js')]);
  expect(prefetchLinks()).toEqual(['/a.js']);
});

test('nothing with the data saver on, nor without a runtime', () => {
  const { runtime, loader } = fakeRuntime();
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
  prefetchChunks(runtime, [loader('/b.js')]);
  expect(prefetchLinks()).toEqual([]);
  localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  prefetchChunks(undefined, [loader('/b.js')]);
  expect(prefetchLinks()).toEqual([]);
});

test('nothing on a connection that asks to save data (auto)', () => {
  const { runtime, loader } = fakeRuntime();
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }),
  });
  try {
    prefetchChunks(runtime, [loader('/c.js')]);
    expect(prefetchLinks()).toEqual([]);
  } finally {
    delete (navigator as { connection?: unknown }).connection;
  }
});

describe('prefetchOnIdle', () => {
  type IdleWork = (deadline: IdleDeadline) => void;
  let idleQueue: IdleWork[];

  beforeEach(() => {
    jest.useFakeTimers();
    idleQueue = [];
    (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (work: IdleWork) =>
      idleQueue.push(work);
    (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback = () => undefined;
  });

  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  });

  /** Runs the next idle callback with `remaining` milliseconds left in each check. */
  function runIdle(remaining: number[]) {
    jest.runOnlyPendingTimers();
    const work = idleQueue.shift();
    if (!work) throw new Error('no idle callback queued');
    work({ didTimeout: false, timeRemaining: () => remaining.shift() ?? 0 });
  }

  test('nothing before the page is idle, then one loader per idle period while time is short', () => {
    const { runtime, loader } = fakeRuntime();
    prefetchOnIdle(runtime, [loader('/idle-1/a.js'), loader('/idle-1/b.js'), loader('/idle-1/c.js')]);
    jest.advanceTimersByTime(1000);
    expect(prefetchLinks()).toEqual([]);
    runIdle([2]);
    expect(prefetchLinks()).toEqual(['/idle-1/a.js']);
    runIdle([1]);
    expect(prefetchLinks()).toEqual(['/idle-1/a.js', '/idle-1/b.js']);
    runIdle([0]);
    expect(prefetchLinks()).toEqual(['/idle-1/a.js', '/idle-1/b.js', '/idle-1/c.js']);
    jest.runOnlyPendingTimers();
    expect(idleQueue).toEqual([]);
  });

  test('a long idle period takes several loaders at once', () => {
    const { runtime, loader } = fakeRuntime();
    prefetchOnIdle(runtime, [loader('/idle-2/a.js'), loader('/idle-2/b.js'), loader('/idle-2/c.js')]);
    runIdle([40, 30]);
    expect(prefetchLinks()).toEqual(['/idle-2/a.js', '/idle-2/b.js', '/idle-2/c.js']);
  });

  test('cancelled between two idle periods: the rest is never fetched', () => {
    const { runtime, loader } = fakeRuntime();
    const cancel = prefetchOnIdle(runtime, [loader('/idle-3/a.js'), loader('/idle-3/b.js')]);
    runIdle([0]);
    cancel();
    jest.runOnlyPendingTimers();
    expect(idleQueue).toEqual([]);
    expect(prefetchLinks()).toEqual(['/idle-3/a.js']);
  });
});
