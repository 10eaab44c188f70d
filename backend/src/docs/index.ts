export * from './api-docs';
export * from './openapi';
export * from './responses';
export * from './schemas';
