import { appendFileSync } from 'node:fs';
import { Injectable, Module } from '@nestjs/common';
import { ApiException } from '../../src/common/api-exception';
import { OnJob } from '../../src/queue';

/** Where a test job writes what happened to it, one line per event ('start 1234', 'done 1234'). */
interface Logged {
  logFile: string;
}

declare module '../../src/queue/job-map' {
  interface JobMap {
    'test.echo': { payload: { text: string }; result: { echo: string } };
    'test.work': { payload: Logged; result: { donePid: number } };
    'test.fail': { payload: Logged; result: never };
    'test.refuse': { payload: Logged; result: never };
  }
}

/** A worker started with this set blocks forever in test.work, so a test can kill it mid-job. */
export const BLOCK_WORK_ENV = 'KASA_TEST_BLOCK_WORK';

const log = (file: string, event: string) => appendFileSync(file, `${event} ${process.pid}\n`);

@Injectable()
export class TestJobs {
  @OnJob({ name: 'test.echo' })
  async echo({ text }: { text: string }): Promise<{ echo: string }> {
    return { echo: text };
  }

  @OnJob({ name: 'test.work' })
  async work({ logFile }: Logged): Promise<{ donePid: number }> {
    log(logFile, 'start');
    if (process.env[BLOCK_WORK_ENV] === '1') await new Promise(() => undefined);
    log(logFile, 'done');
    return { donePid: process.pid };
  }

  @OnJob({ name: 'test.fail' })
  async fail({ logFile }: Logged): Promise<never> {
    log(logFile, 'attempt');
    throw new Error('the test job always fails');
  }

  @OnJob({ name: 'test.refuse' })
  async refuse({ logFile }: Logged): Promise<never> {
    log(logFile, 'attempt');
    throw new ApiException(422, 'VALIDATION_FAILED', 'The test job refuses its input.');
  }
}

/** Job handlers that exist only in tests (WorkerModule.forRoot's extra job modules). */
@Module({ providers: [TestJobs] })
export class TestJobsModule {}
