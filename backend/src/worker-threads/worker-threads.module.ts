import { Global, Module } from '@nestjs/common';
import { WorkerThreadsService } from './worker-threads.service';

/** One pool of worker threads per process, for every feature's CPU-bound tasks. */
@Global()
@Module({ providers: [WorkerThreadsService], exports: [WorkerThreadsService] })
export class WorkerThreadsModule {}
