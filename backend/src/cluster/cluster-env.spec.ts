import { workerEnv } from './cluster-env';

describe('cluster-env', () => {
  it('hands a worker its database and its slot', () => {
    expect(workerEnv({ databaseUrl: 'postgres://x', index: 1 })).toEqual({
      KASA_CLUSTER_DATABASE_URL: 'postgres://x',
      KASA_PROCESS_INDEX: '1',
    });
  });
});
