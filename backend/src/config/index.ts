export * from './app-config';
export * from './config.module';
export * from './load-config';
export * from './trust-proxy';
