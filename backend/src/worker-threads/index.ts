export * from './thread-task';
export * from './worker-threads.module';
export * from './worker-threads.service';
