import type { FileStorage } from '../../files';
import { deleteStoredObjects, STORAGE_DELETE_TRIES } from './stored-bytes';

/** A store whose delete fails for the keys given, as many times as given (Infinity: always). */
function flakyStorage(failuresByKey: Record<string, number>) {
  const calls: string[] = [];
  const deleted: string[] = [];
  const storage = {
    delete: async (key: string) => {
      calls.push(key);
      if ((failuresByKey[key] ?? 0) > 0) {
        failuresByKey[key]--;
        throw new Error(`store down for ${key}`);
      }
      deleted.push(key);
    },
  } as unknown as FileStorage;
  return { storage, calls, deleted };
}

describe('deleteStoredObjects', () => {
  const logger = { error: jest.fn() };
  beforeEach(() => logger.error.mockClear());

  it('deletes every key, retrying one that fails for a moment', async () => {
    const { storage, calls, deleted } = flakyStorage({ b: 2 });
    expect(await deleteStoredObjects(storage, ['a', 'b', 'c'], logger, 0)).toBe(0);
    expect(deleted).toEqual(['a', 'b', 'c']);
    expect(calls.filter((key) => key === 'b')).toHaveLength(3);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('counts and logs by key the ones that keep failing, and still deletes the others', async () => {
    const { storage, calls, deleted } = flakyStorage({ a: Infinity });
    expect(await deleteStoredObjects(storage, ['a', 'b'], logger, 0)).toBe(1);
    expect(deleted).toEqual(['b']);
    expect(calls.filter((key) => key === 'a')).toHaveLength(STORAGE_DELETE_TRIES);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0][0]).toContain('stored object a failed 3 times');
  });
});
