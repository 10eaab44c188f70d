export * from './auth';
export * from './errors';
export * from './health';
export * from './runtime-config';
export * from './legal';
export * from './chat';
export * from './subscription';
export * from './media';
