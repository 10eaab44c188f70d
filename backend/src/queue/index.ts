export * from './queue.module';
export * from './queue.service';
export * from './worker.service';
export * from './job-map';
export * from './job-failure';
export * from './on-job.decorator';
export * from './system/jobs/ping.job-types';
export * from './job-usage.port';
