import { sharedThreadPoolSize, workerEnv } from './cluster-env';

describe('cluster-env', () => {
  it('shares the cores out between the API processes, at least one thread each', () => {
    expect(sharedThreadPoolSize(2, 8)).toBe(4);
    expect(sharedThreadPoolSize(4, 4)).toBe(1);
    expect(sharedThreadPoolSize(3, 2)).toBe(1);
  });

  it('hands a worker its database, its slot and, when the operator set none, its threads', () => {
    expect(workerEnv({ databaseUrl: 'postgres://x', index: 1, threads: 2 })).toEqual({
      KASA_CLUSTER_DATABASE_URL: 'postgres://x',
      KASA_PROCESS_INDEX: '1',
      THREAD_POOL_SIZE: '2',
    });
    expect(workerEnv({ databaseUrl: 'postgres://x', index: 0 })).not.toHaveProperty('THREAD_POOL_SIZE');
  });
});
