export { type Entitlement, toEntitlement } from './entitlement.repository';
export * from './entitlement.module';
export * from './entitlement.service';
