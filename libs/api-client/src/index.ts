export * from './api';
export * from './query-client';
