import { Module } from '@nestjs/common';
import { JOB_USAGE_LEDGER } from '../queue/job-usage.port';
import { UsageJobLedger } from './job-usage.ledger';
import { UsageRepository } from './usage.repository';

/**
 * The usage ledger the queue settles and refunds jobs through, on its own: the worker process has
 * no UsageModule (it would bring authentication and mail with it). Given to QueueModule.forRoot.
 */
@Module({
  providers: [UsageRepository, { provide: JOB_USAGE_LEDGER, useClass: UsageJobLedger }],
  exports: [JOB_USAGE_LEDGER],
})
export class JobUsageLedgerModule {}
