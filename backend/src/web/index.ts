export * from './static-frontends';
export * from './web.module';
