export * from './api-error';
export * from './api-exception.filter';
export * from './body-parsing';
export * from './logging.module';
export * from './security';
export * from './validation.pipe';
export * from './request-id';
export * from './clock';
