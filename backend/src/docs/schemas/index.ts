export * from './auth';
export * from './chat';
export * from './errors';
export * from './health';
export * from './legal';
export * from './runtime-config';
export * from './subscription';
export * from './webhooks';
