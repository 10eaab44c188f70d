import { randomBytes } from 'node:crypto';

/** 128 random bits in base64url: 22 characters, no padding. */
const SHARE_ID_BYTES = 16;
const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new shared link's id: unguessable, so the link itself is the permission to read. */
export function newShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString('base64url');
}

/**
 * Whether `value` has a share id's form. Anything else is answered 404 without a query: a
 * truncated or made-up link costs the database nothing.
 */
export function isShareId(value: unknown): value is string {
  return typeof value === 'string' && SHARE_ID.test(value);
}
