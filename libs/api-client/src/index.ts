export * from './api';
export * from './query-client';
export * from './session';
export * from './usage-limit';
export * from './subscription-status';
