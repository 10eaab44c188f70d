export * from './idempotent-requests.module';
export * from './idempotent-requests.service';
export * from './idempotency-key';
export * from './idempotent-requests.errors';
export { requestHash, fileSha256 } from './request-hash';
