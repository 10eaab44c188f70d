export * from './shell-page-meta';
export * from './static-frontends';
export * from './web.module';
