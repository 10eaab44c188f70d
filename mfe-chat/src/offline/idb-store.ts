// A small key-value store on IndexedDB for what the chat keeps offline: the saved query
// cache, the outbox and the media outbox. Without IndexedDB (private mode in some browsers, tests) it keeps the values
// in memory for the page's life: the app works, it just does not survive a reload.

export const CHAT_DB_NAME = 'kasa-chat';
export const CACHE_STORE = 'cache';
export const OUTBOX_STORE = 'outbox';
export const MEDIA_OUTBOX_STORE = 'media-outbox';
/** 2 added MEDIA_OUTBOX_STORE. An upgrade only creates the stores a database lacks: the others keep their data. */
const DB_VERSION = 2;

export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  entries(): Promise<Array<[string, T]>>;
  clear(): Promise<void>;
}

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(CHAT_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of [CACHE_STORE, OUTBOX_STORE, MEDIA_OUTBOX_STORE])
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer version opening in another tab waits for this one to let go: let go, reopen later.
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

function run<R>(
  store: string,
  mode: IDBTransactionMode,
  work: (s: IDBObjectStore) => IDBRequest<R>,
): Promise<R> {
  return openDb().then(
    (db) =>
      new Promise<R>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
      }),
  );
}

class IdbStore<T> implements KeyValueStore<T> {
  constructor(private readonly store: string) {}
  get(key: string) {
    return run<T | undefined>(this.store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
  }
  async set(key: string, value: T) {
    await run(this.store, 'readwrite', (s) => s.put(value, key));
  }
  async delete(key: string) {
    await run(this.store, 'readwrite', (s) => s.delete(key));
  }
  async entries(): Promise<Array<[string, T]>> {
    const db = await openDb();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(this.store, 'readonly');
      const out: Array<[string, T]> = [];
      const cursor = tx.objectStore(this.store).openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        out.push([String(c.key), c.value as T]);
        c.continue();
      };
      tx.oncomplete = () => resolve(out);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
    });
  }
  async clear() {
    await run(this.store, 'readwrite', (s) => s.clear());
  }
}

/** The in-memory stand-in (no IndexedDB, or tests). */
export class MemoryStore<T> implements KeyValueStore<T> {
  readonly map = new Map<string, T>();
  async get(key: string) {
    return this.map.get(key);
  }
  async set(key: string, value: T) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
  async entries() {
    return [...this.map.entries()];
  }
  async clear() {
    this.map.clear();
  }
}

/** IndexedDB when the browser has it; memory otherwise. A store that fails once falls back to memory. */
export function createStore<T>(store: string): KeyValueStore<T> {
  if (typeof indexedDB === 'undefined') return new MemoryStore<T>();
  const idb = new IdbStore<T>(store);
  const memory = new MemoryStore<T>();
  let broken = false;
  const guard =
    <A extends unknown[], R>(call: (s: KeyValueStore<T>, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (broken) return call(memory, ...args);
      try {
        return await call(idb, ...args);
      } catch {
        broken = true;
        return call(memory, ...args);
      }
    };
  return {
    get: guard((s, key: string) => s.get(key)),
    set: guard((s, key: string, value: T) => s.set(key, value)),
    delete: guard((s, key: string) => s.delete(key)),
    entries: guard((s) => s.entries()),
    clear: guard((s) => s.clear()),
  };
}
