export * from './app-config';
export * from './chat-models';
export * from './config.module';
export * from './load-config';
export * from './trust-proxy';
