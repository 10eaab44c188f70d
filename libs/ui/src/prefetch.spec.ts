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

/** The links once every queued one is in the page (they go in a few per task). */
async function linksAfterTasks(tasks = 10) {
  for (let i = 0; i < tasks; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return prefetchLinks();
}

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});

test('adds a prefetch link per chunk, runs nothing, and gives the runtime its loader back', async () => {
  const { runtime, loaded, loader } = fakeRuntime();
  const original = runtime.l;
  prefetchChunks(runtime, [loader('/remotes/chat/1.js'), loader('/remotes/chat/2.js')]);
  expect(await linksAfterTasks()).toEqual(['/remotes/chat/1.js', '/remotes/chat/2.js']);
  expect(loaded).toEqual([]);
  expect(runtime.l).toBe(original);
  // The real import later goes through the real loader.
  await loader('/remotes/chat/1.js')();
  expect(loaded).toEqual(['/remotes/chat/1.js']);
});

test('a chunk is asked for once', async () => {
  const { runtime, loader } = fakeRuntime();
  prefetchChunks(runtime, [loader('/a.js')]);
  prefetchChunks(runtime, [loader('/a.js')]);
  expect(await linksAfterTasks()).toEqual(['/a.js']);
});

test('the links of many chunks go into the page one per task', async () => {
  const { runtime, loader } = fakeRuntime();
  const urls = ['1', '2', '3'].map((n) => `/many/${n}.js`);
  prefetchChunks(runtime, urls.map(loader));
  expect(prefetchLinks()).toEqual([]);
  expect(await linksAfterTasks(1)).toEqual(urls.slice(0, 1));
  expect(await linksAfterTasks(1)).toEqual(urls.slice(0, 2));
  expect(await linksAfterTasks(1)).toEqual(urls);
});

test('nothing with the data saver on, nor without a runtime', async () => {
  const { runtime, loader } = fakeRuntime();
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
  prefetchChunks(runtime, [loader('/b.js')]);
  expect(await linksAfterTasks()).toEqual([]);
  localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  prefetchChunks(undefined, [loader('/b.js')]);
  expect(await linksAfterTasks()).toEqual([]);
});

test('code the app needs offline is fetched even with the data saver on, still without running it', async () => {
  const { runtime, loaded, loader } = fakeRuntime();
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
  prefetchChunks(runtime, [loader('/offline/recorder.js')], { evenWithDataSaver: true });
  expect(await linksAfterTasks()).toEqual(['/offline/recorder.js']);
  expect(loaded).toEqual([]);
});

test('nothing on a connection that asks to save data (auto)', async () => {
  const { runtime, loader } = fakeRuntime();
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }),
  });
  try {
    prefetchChunks(runtime, [loader('/c.js')]);
    expect(await linksAfterTasks()).toEqual([]);
  } finally {
    delete (navigator as { connection?: unknown }).connection;
  }
});

describe('prefetchOnIdle', () => {
  type IdleWork = (deadline: IdleDeadline) => void;
  /** The idle callbacks waiting, by id (cancelIdleCallback takes one out). */
  let idleQueue: Map<number, IdleWork>;
  let nextIdleId: number;

  beforeEach(() => {
    jest.useFakeTimers();
    idleQueue = new Map();
    nextIdleId = 1;
    (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (work: IdleWork) => {
      idleQueue.set(nextIdleId, work);
      return nextIdleId++;
    };
    (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback = (id: number) =>
      idleQueue.delete(id);
  });

  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  });

  /** Runs the next idle callback with `remaining` milliseconds left in each check. */
  function runIdle(remaining: number[]) {
    jest.runOnlyPendingTimers();
    const [id, work] = idleQueue.entries().next().value ?? [];
    if (!work) throw new Error('no idle callback queued');
    idleQueue.delete(id as number);
    work({ didTimeout: false, timeRemaining: () => remaining.shift() ?? 0 });
    // The links queued in that period go into the page in the tasks after it, one per task.
    jest.runAllTimers();
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
    expect(idleQueue.size).toBe(0);
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
    expect(idleQueue.size).toBe(0);
    expect(prefetchLinks()).toEqual(['/idle-3/a.js']);
  });
});
