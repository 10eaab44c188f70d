export * from './plan-catalog';
export * from './plans.module';
