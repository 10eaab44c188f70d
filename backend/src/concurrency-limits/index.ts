export * from './concurrency-cap.decorator';
export * from './concurrency-limiter';
export * from './concurrency-limits.module';
