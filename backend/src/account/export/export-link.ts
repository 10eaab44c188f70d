import { createHmac, timingSafeEqual } from 'node:crypto';

/** The export links' own key, derived from JWT_SECRET: neither a token nor a file link passes as one. */
export function exportLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('kasa account export links v1').digest();
}

function signature(key: Buffer, exportId: string, expiresAt: number, issuedAt: number): Buffer {
  return createHmac('sha256', key).update(`account-export\n${exportId}\n${expiresAt}\n${issuedAt}`).digest();
}

/**
 * `/api/account/export/<id>/download?expires=<unix seconds>&signature=<base64url>&issued=<unix ms>`:
 * the issue time ends the link with the owner's tokens (files/links/link-revocation.ts).
 */
export function signExportLink(key: Buffer, exportId: string, expiresAt: number, issuedAt: number): string {
  const sig = signature(key, exportId, expiresAt, issuedAt).toString('base64url');
  return `/api/account/export/${exportId}/download?expires=${expiresAt}&signature=${sig}&issued=${issuedAt}`;
}

export type ExportLinkCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks the signature (constant time) for this export id, then the expiry: only a genuine link
 * is told it expired, so a forged or moved one (another export's id) learns nothing more.
 */
export function checkExportLink(
  key: Buffer,
  query: { exportId: string; expires: string; signature: string; issued: string },
  nowSeconds: number,
): ExportLinkCheck {
  const expiresAt = Number(query.expires);
  const issuedAt = Number(query.issued);
  if (!/^\d{1,12}$/.test(query.expires) || !/^\d{1,15}$/.test(query.issued))
    return { ok: false, reason: 'invalid' };
  const expected = signature(key, query.exportId, expiresAt, issuedAt);
  const given = Buffer.from(query.signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt };
}
