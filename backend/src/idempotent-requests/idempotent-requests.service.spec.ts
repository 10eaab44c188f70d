import { Logger } from '@nestjs/common';
import type { IdempotentRequestStatus } from './idempotent-request.entity';
import { RequestInProgressException } from './idempotent-requests.errors';
import type {
  IdempotentRequestKey,
  IdempotentRequestRow,
  IdempotentRequestsRepository,
  Staleness,
} from './idempotent-requests.repository';
import {
  ClaimLostError,
  type IdempotentClaim,
  type IdempotentRequestTiming,
  IdempotentRequestsService,
} from './idempotent-requests.service';
import { idempotencyKeyOf } from './idempotency-key';
import { IDEMPOTENCY_KEY_INVALID } from './idempotent-requests.errors';

const KEY = '6f1c2a4e-8b3d-4c5e-9f60-718293a4b5c6';

/** The table's semantics in memory: one row per key, claims decided by the map. */
class InMemoryRequests {
  readonly rows = new Map<
    string,
    {
      requestHash: string;
      status: IdempotentRequestStatus;
      result: unknown;
      owner: string;
      progress: Record<string, unknown> | null;
      updatedAt: number;
    }
  >();
  failComplete = false;
  private id = (k: IdempotentRequestKey) => `${k.userId}/${k.scope}/${k.key}`;
  private owned = (k: IdempotentRequestKey, owner: string) => {
    const row = this.rows.get(this.id(k));
    return row?.owner === owner && row.status === 'running' ? row : undefined;
  };

  async claim(k: IdempotentRequestKey, requestHash: string, owner: string) {
    if (this.rows.has(this.id(k))) return false;
    this.rows.set(this.id(k), {
      requestHash,
      status: 'running',
      result: null,
      owner,
      progress: null,
      updatedAt: Date.now(),
    });
    return true;
  }
  async find(k: IdempotentRequestKey, staleness: Staleness): Promise<IdempotentRequestRow | null> {
    const row = this.rows.get(this.id(k));
    return row
      ? {
          ...row,
          stale: row.status === 'running' && Date.now() - row.updatedAt >= staleness.staleAfterMs,
        }
      : null;
  }
  async takeOver(k: IdempotentRequestKey, requestHash: string, owner: string, staleness: Staleness) {
    const row = this.rows.get(this.id(k));
    if (!row || row.requestHash !== requestHash || row.status !== 'running') return undefined;
    if (Date.now() - row.updatedAt < staleness.staleAfterMs) return undefined;
    Object.assign(row, { owner, updatedAt: Date.now() });
    return { progress: row.progress };
  }
  async renew(k: IdempotentRequestKey, owner: string) {
    const row = this.owned(k, owner);
    if (row) row.updatedAt = Date.now();
    return row !== undefined;
  }
  async record(k: IdempotentRequestKey, owner: string, progress: object) {
    const row = this.owned(k, owner);
    if (row) Object.assign(row, { progress: { ...row.progress, ...progress }, updatedAt: Date.now() });
    return row !== undefined;
  }
  async abandon(k: IdempotentRequestKey, owner: string) {
    const row = this.owned(k, owner);
    if (row) row.updatedAt = -Infinity;
  }
  async complete(k: IdempotentRequestKey, owner: string, result: unknown) {
    if (this.failComplete) throw new Error('database gone');
    const row = this.owned(k, owner);
    if (row)
      Object.assign(row, { status: 'done', result: JSON.parse(JSON.stringify(result)), progress: null });
    return row !== undefined;
  }
  async release(k: IdempotentRequestKey, owner: string) {
    if (this.owned(k, owner)) this.rows.delete(this.id(k));
  }
  /** A request whose process died: its claim, with what it recorded, last renewed `agoMs` ago. */
  orphan(
    k: IdempotentRequestKey,
    requestHash: string,
    progress: Record<string, unknown> | null,
    agoMs: number,
  ) {
    this.rows.set(this.id(k), {
      requestHash,
      status: 'running',
      result: null,
      owner: 'dead-request',
      progress,
      updatedAt: Date.now() - agoMs,
    });
  }
}

function service(timing: Partial<IdempotentRequestTiming> = {}) {
  const repository = new InMemoryRequests();
  const requests = new IdempotentRequestsService(repository as unknown as IdempotentRequestsRepository, {
    waitMs: 1_000,
    pollMs: 5,
    ...timing,
  });
  return { repository, requests };
}

/** Work that counts its runs and finishes when told. */
function gatedWork<T>(result: T) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const work = { runs: 0, open: () => open(), run: async () => (work.runs++, await gate, result) };
  return work;
}

describe('IdempotentRequestsService.run', () => {
  it('without a key runs the work every time and keeps nothing', async () => {
    const { repository, requests } = service();
    let runs = 0;
    const work = async () => ++runs;
    expect(await requests.run('u1', 'media.generate', undefined, '', work)).toBe(1);
    expect(await requests.run('u1', 'media.generate', undefined, '', work)).toBe(2);
    expect(repository.rows.size).toBe(0);
  });

  it('with a key runs once; a retry answers the stored result without running', async () => {
    const { requests } = service();
    let runs = 0;
    const work = async () => ({ fileId: `f${++runs}` });
    expect(await requests.run('u1', 'media.generate', KEY, 'h', work)).toEqual({ fileId: 'f1' });
    expect(await requests.run('u1', 'media.generate', KEY, 'h', work)).toEqual({ fileId: 'f1' });
    expect(runs).toBe(1);
  });

  it('concurrent requests with one key wait for the first and all answer its result', async () => {
    const { requests } = service();
    const work = gatedWork({ fileId: 'only' });
    const answers = Promise.all(
      Array.from({ length: 5 }, () => requests.run('u1', 'media.generate', KEY, 'h', work.run)),
    );
    setTimeout(work.open, 30);
    expect(await answers).toEqual(Array(5).fill({ fileId: 'only' }));
    expect(work.runs).toBe(1);
  });

  it('the same key with another request hash is a 409 IDEMPOTENCY_KEY_REUSED, also while running', async () => {
    const { requests } = service();
    const work = gatedWork('first');
    const first = requests.run('u1', 'voice.transcribe', KEY, 'audio-a', work.run);
    await expect(
      requests.run('u1', 'voice.transcribe', KEY, 'audio-b', async () => 'second'),
    ).rejects.toMatchObject({
      status: 409,
      response: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    work.open();
    expect(await first).toBe('first');
    await expect(
      requests.run('u1', 'voice.transcribe', KEY, 'audio-b', async () => 'second'),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a request still running after the wait answers 409 REQUEST_IN_PROGRESS with Retry-After', async () => {
    const { requests } = service({ waitMs: 60 });
    const work = gatedWork('slow');
    const first = requests.run('u1', 'media.generate', KEY, 'h', work.run);
    const started = Date.now();
    const waiting = requests.run('u1', 'media.generate', KEY, 'h', work.run);
    await expect(waiting).rejects.toBeInstanceOf(RequestInProgressException);
    await expect(waiting).rejects.toMatchObject({ status: 409, response: { code: 'REQUEST_IN_PROGRESS' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(new RequestInProgressException().retryAfterSeconds).toBeGreaterThan(0);
    work.open();
    expect(await first).toBe('slow');
    expect(work.runs).toBe(1);
  });

  it('a failed request lets its key go: the retry runs again and its result is kept', async () => {
    const { repository, requests } = service();
    await expect(
      requests.run('u1', 'media.generate', KEY, 'h', async () => {
        throw new Error('engine down');
      }),
    ).rejects.toThrow('engine down');
    expect(repository.rows.size).toBe(0);
    expect(await requests.run('u1', 'media.generate', KEY, 'h', async () => 'drawn')).toBe('drawn');
    expect(await requests.run('u1', 'media.generate', KEY, 'h', async () => 'again')).toBe('drawn');
  });

  it('a duplicate waiting on a request that fails runs the work itself', async () => {
    const { requests } = service();
    let fail!: (error: Error) => void;
    const first = requests.run(
      'u1',
      'media.generate',
      KEY,
      'h',
      () => new Promise((_, reject) => (fail = reject)),
    );
    const second = requests.run('u1', 'media.generate', KEY, 'h', async () => 'retried');
    setTimeout(() => fail(new Error('lost')), 20);
    await expect(first).rejects.toThrow('lost');
    expect(await second).toBe('retried');
  });

  it('a claim not renewed for the stale bound (its process died) is taken over once, with its progress', async () => {
    const { repository, requests } = service({ staleAfterMs: 10_000 });
    const id = { userId: 'u1', scope: 'media.generate', key: KEY };
    repository.orphan(id, 'h', { jobId: 'job-1' }, 11_000);
    const seen: Array<Partial<{ jobId: string }> | null> = [];
    let runs = 0;
    const work = async (claim: IdempotentClaim<{ jobId: string }>) => {
      seen.push(claim.progress);
      return `run ${++runs}`;
    };
    const answers = await Promise.all([
      requests.run('u1', 'media.generate', KEY, 'h', work),
      requests.run('u1', 'media.generate', KEY, 'h', work),
    ]);
    expect(answers).toEqual(['run 1', 'run 1']);
    expect(runs).toBe(1);
    expect(seen).toEqual([{ jobId: 'job-1' }]);
  });

  it('a claim renewed by its heartbeat is never taken over, however long its work runs', async () => {
    const { requests } = service({ heartbeatMs: 10, staleAfterMs: 60, waitMs: 400 });
    const work = gatedWork('long');
    const first = requests.run('u1', 'media.generate', KEY, 'h', work.run);
    const second = requests.run('u1', 'media.generate', KEY, 'h', work.run);
    setTimeout(work.open, 250);
    expect(await Promise.all([first, second])).toEqual(['long', 'long']);
    expect(work.runs).toBe(1);
  });

  it('without its heartbeat a claim is taken over within the stale bound, not the wait', async () => {
    const { repository, requests } = service({ staleAfterMs: 50, waitMs: 5_000 });
    repository.orphan({ userId: 'u1', scope: 'voice.transcribe', key: KEY }, 'h', null, 0);
    const started = Date.now();
    expect(await requests.run('u1', 'voice.transcribe', KEY, 'h', async () => 'again')).toBe('again');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('records progress for a successor; a done request keeps only its result', async () => {
    const { repository, requests } = service();
    let seenInWork: unknown;
    await requests.run<string, { jobId: string }>('u1', 'media.generate', KEY, 'h', async (claim) => {
      await claim.record({ jobId: 'job-7' });
      seenInWork = repository.rows.get(`u1/media.generate/${KEY}`)?.progress;
      return 'drawn';
    });
    expect(seenInWork).toEqual({ jobId: 'job-7' });
    expect(repository.rows.get(`u1/media.generate/${KEY}`)).toMatchObject({
      status: 'done',
      result: 'drawn',
      progress: null,
    });
  });

  it("a request whose claim was taken over stops at its next record and answers the successor's result", async () => {
    const { repository, requests } = service({ staleAfterMs: 50, heartbeatMs: 60_000 });
    let recordedJob!: () => void;
    const jobRecorded = new Promise<void>((resolve) => (recordedJob = resolve));
    let release!: () => void;
    const jobDone = new Promise<void>((resolve) => (release = resolve));
    let lost: unknown;
    // The first request's heartbeat never comes (its database was cut off): it looks dead.
    const first = requests.run<string, { jobId: string; image: string }>(
      'u1',
      'media.generate',
      KEY,
      'h',
      async (claim) => {
        await claim.record({ jobId: 'job-1' });
        recordedJob();
        await jobDone;
        try {
          await claim.record({ image: 'from the first' });
        } catch (error) {
          lost = error;
          throw error;
        }
        return 'first appended its messages';
      },
    );
    await jobRecorded;
    const second = await requests.run<string, { jobId: string; image: string }>(
      'u1',
      'media.generate',
      KEY,
      'h',
      async (claim) => `successor finished ${claim.progress?.jobId}`,
    );
    release();
    expect(second).toBe('successor finished job-1');
    expect(await first).toBe('successor finished job-1');
    expect(lost).toBeInstanceOf(ClaimLostError);
    expect(repository.rows.get(`u1/media.generate/${KEY}`)).toMatchObject({ status: 'done' });
  });

  it('a failure that leaves work under way keeps the claim, stale at once: the next request finishes it', async () => {
    const { repository, requests } = service({ staleAfterMs: 10_000 });
    const keepClaimOn = (error: unknown) => error instanceof Error && error.message === 'job still running';
    await expect(
      requests.run<string, { jobId: string }>(
        'u1',
        'voice.transcribe',
        KEY,
        'h',
        async (claim) => {
          await claim.record({ jobId: 'job-3' });
          throw new Error('job still running');
        },
        { keepClaimOn },
      ),
    ).rejects.toThrow('job still running');
    expect(repository.rows.get(`u1/voice.transcribe/${KEY}`)).toMatchObject({
      status: 'running',
      progress: { jobId: 'job-3' },
    });
    const started = Date.now();
    const answer = await requests.run<string, { jobId: string }>(
      'u1',
      'voice.transcribe',
      KEY,
      'h',
      async (claim) => `waited for ${claim.progress?.jobId}`,
      { keepClaimOn },
    );
    expect(answer).toBe('waited for job-3');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a failure the work does not keep lets the key go, with its progress', async () => {
    const { repository, requests } = service();
    await expect(
      requests.run<string, { jobId: string }>(
        'u1',
        'media.generate',
        KEY,
        'h',
        async (claim) => {
          await claim.record({ jobId: 'job-4' });
          throw new Error('job failed');
        },
        { keepClaimOn: () => false },
      ),
    ).rejects.toThrow('job failed');
    expect(repository.rows.size).toBe(0);
  });

  it('keys are per user and per scope', async () => {
    const { requests } = service();
    expect(await requests.run('u1', 'media.generate', KEY, 'h', async () => 'u1 image')).toBe('u1 image');
    expect(await requests.run('u2', 'media.generate', KEY, 'h', async () => 'u2 image')).toBe('u2 image');
    expect(await requests.run('u1', 'voice.transcribe', KEY, 'x', async () => 'u1 text')).toBe('u1 text');
  });

  it('answers the work even when storing its result fails, and says so in the log', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { repository, requests } = service();
    repository.failComplete = true;
    expect(await requests.run('u1', 'media.generate', KEY, 'h', async () => 'drawn')).toBe('drawn');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('database gone'));
    warn.mockRestore();
  });
});

describe('idempotencyKeyOf', () => {
  it('accepts no header, or a UUID (trimmed, lower-cased)', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf(` ${KEY.toUpperCase()} `)).toBe(KEY);
  });

  it.each([[''], ['not-a-uuid'], [`${KEY}x`], [[KEY, KEY]]])(
    'refuses %p with a 400 VALIDATION_FAILED',
    (value) => {
      expect(() => idempotencyKeyOf(value)).toThrow(
        expect.objectContaining({
          status: 400,
          response: {
            code: 'VALIDATION_FAILED',
            message: IDEMPOTENCY_KEY_INVALID,
            details: [IDEMPOTENCY_KEY_INVALID],
          },
        }),
      );
    },
  );
});
