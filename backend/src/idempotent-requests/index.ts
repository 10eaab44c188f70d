export * from './idempotent-requests.module';
export * from './idempotent-requests.service';
export * from './idempotency-key';
export * from './idempotent-request.errors';
export { requestHash, fileSha256 } from './request-hash';
