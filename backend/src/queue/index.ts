export * from './queue.module';
export * from './queue.service';
export * from './queue-processor';
export * from './worker.service';
export * from './system/system-queue';
