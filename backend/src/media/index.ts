export * from './media.module';
