import { createHmac, timingSafeEqual } from 'node:crypto';

export type FileDisposition = 'inline' | 'attachment';

/** A link whose signature matched: the only way to read a file without its owner's token. */
export interface VerifiedFileLink {
  readonly fileId: string;
  readonly expiresAt: number;
  /** When the link was signed (Unix milliseconds): see link-revocation.ts. */
  readonly issuedAt: number;
  readonly disposition: FileDisposition;
  readonly verified: true;
}

export type FileLinkCheck =
  { ok: true; link: VerifiedFileLink } | { ok: false; reason: 'invalid' | 'expired' };

/** The links' own key, derived from JWT_SECRET so a file link can never pass as a token. */
export function fileLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('kasa file links v1').digest();
}

/** What a link names and allows: every part is signed, so none can be changed. */
export interface FileLinkTerms {
  fileId: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Unix milliseconds. */
  issuedAt: number;
  disposition: FileDisposition;
}

function signature(key: Buffer, terms: FileLinkTerms): Buffer {
  return createHmac('sha256', key)
    .update(`${terms.fileId}\n${terms.expiresAt}\n${terms.issuedAt}\n${terms.disposition}`)
    .digest();
}

/**
 * `/api/files/<id>?expires=<unix seconds>&sig=<base64url>&issued=<unix ms>` (plus `&download=1`
 * for an attachment).
 */
export function signFileLink(key: Buffer, terms: FileLinkTerms): string {
  const sig = signature(key, terms).toString('base64url');
  const download = terms.disposition === 'attachment' ? '&download=1' : '';
  return `/api/files/${terms.fileId}?expires=${terms.expiresAt}&sig=${sig}&issued=${terms.issuedAt}${download}`;
}

/**
 * Checks a link's signature (in constant time), then its expiry: a link is refused as expired only
 * when it is genuine, so a forged one never learns anything more than "invalid".
 */
export function checkFileLink(
  key: Buffer,
  query: { fileId: string; expires: string; issued: string; sig: string; download?: string },
  nowSeconds: number,
): FileLinkCheck {
  const expiresAt = Number(query.expires);
  const issuedAt = Number(query.issued);
  const disposition: FileDisposition = query.download === '1' ? 'attachment' : 'inline';
  if (!Number.isSafeInteger(expiresAt) || !Number.isSafeInteger(issuedAt))
    return { ok: false, reason: 'invalid' };
  const expected = signature(key, { fileId: query.fileId, expiresAt, issuedAt, disposition });
  const given = Buffer.from(query.sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, link: { fileId: query.fileId, expiresAt, issuedAt, disposition, verified: true } };
}
