import { Module } from '@nestjs/common';
import { PingJob } from './ping.job';

/** The platform's own job handlers (the health check's ping). */
@Module({ providers: [PingJob] })
export class SystemJobsModule {}
