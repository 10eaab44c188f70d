export * from './temp-files.module';
export * from './temp-files.registry';
export * from './temp-sweep';
