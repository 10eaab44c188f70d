import { createHmac, timingSafeEqual } from 'node:crypto';

export type FileDisposition = 'inline' | 'attachment';

/** A link whose signature matched: the only way to read a file without its owner's token. */
export interface VerifiedFileLink {
  readonly fileId: string;
  readonly expiresAt: number;
  readonly disposition: FileDisposition;
  readonly verified: true;
}

export type FileLinkCheck =
  { ok: true; link: VerifiedFileLink } | { ok: false; reason: 'invalid' | 'expired' };

/** The links' own key, derived from JWT_SECRET so a file link can never pass as a token. */
export function fileLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('kasa file links v1').digest();
}

function signature(key: Buffer, fileId: string, expiresAt: number, disposition: FileDisposition): Buffer {
  return createHmac('sha256', key).update(`${fileId}\n${expiresAt}\n${disposition}`).digest();
}

/** `/api/files/<id>?expires=<unix seconds>&sig=<base64url>` (plus `&download=1` for an attachment). */
export function signFileLink(
  key: Buffer,
  fileId: string,
  expiresAt: number,
  disposition: FileDisposition,
): string {
  const sig = signature(key, fileId, expiresAt, disposition).toString('base64url');
  const download = disposition === 'attachment' ? '&download=1' : '';
  return `/api/files/${fileId}?expires=${expiresAt}&sig=${sig}${download}`;
}

/**
 * Checks a link's signature (in constant time), then its expiry: a link is refused as expired only
 * when it is genuine, so a forged one never learns anything more than "invalid".
 */
export function checkFileLink(
  key: Buffer,
  query: { fileId: string; expires: string; sig: string; download?: string },
  nowSeconds: number,
): FileLinkCheck {
  const expiresAt = Number(query.expires);
  const disposition: FileDisposition = query.download === '1' ? 'attachment' : 'inline';
  if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
  const expected = signature(key, query.fileId, expiresAt, disposition);
  const given = Buffer.from(query.sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, link: { fileId: query.fileId, expiresAt, disposition, verified: true } };
}
