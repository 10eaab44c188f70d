export * from './api';
export * from './query-client';
export * from './session';
