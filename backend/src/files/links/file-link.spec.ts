import { checkFileLink, type FileDisposition, fileLinkKey, signFileLink } from './file-link';
import { isRevokedLink } from './link-revocation';

const key = fileLinkKey('a'.repeat(40));
const FILE = '0b7f1a52-3c1e-4d7a-9a5e-2f7a4c1d9e01';
const OTHER = '5d2c9e41-8a1b-4f3c-b7d6-1e0a9c8b7f62';
const ISSUED = 1_000_000;

const sign = (disposition: FileDisposition, expiresAt = 1000) =>
  signFileLink(key, { fileId: FILE, expiresAt, issuedAt: ISSUED, disposition });

function parse(url: string) {
  const parsed = new URL(url, 'http://kasa.local');
  return {
    fileId: parsed.pathname.split('/').pop()!,
    expires: parsed.searchParams.get('expires')!,
    issued: parsed.searchParams.get('issued')!,
    sig: parsed.searchParams.get('sig')!,
    download: parsed.searchParams.get('download') ?? undefined,
  };
}

describe('signed file links', () => {
  it('writes /api/files/<id>?expires&sig&issued, with download=1 for an attachment', () => {
    expect(sign('inline')).toMatch(
      new RegExp(`^/api/files/${FILE}\\?expires=1000&sig=[A-Za-z0-9_-]{43}&issued=${ISSUED}$`),
    );
    expect(sign('attachment')).toMatch(/&download=1$/);
  });

  it('accepts its own link until it expires, then says expired', () => {
    const query = parse(sign('attachment'));
    expect(checkFileLink(key, query, 999)).toEqual({
      ok: true,
      link: { fileId: FILE, expiresAt: 1000, issuedAt: ISSUED, disposition: 'attachment', verified: true },
    });
    expect(checkFileLink(key, query, 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any change to the id, the expiry, the issue time, the disposition, or another key', () => {
    const query = parse(sign('inline'));
    const invalid = { ok: false, reason: 'invalid' };
    expect(checkFileLink(key, { ...query, fileId: OTHER }, 0)).toEqual(invalid);
    expect(checkFileLink(key, { ...query, expires: '1001' }, 0)).toEqual(invalid);
    expect(checkFileLink(key, { ...query, issued: String(ISSUED + 1) }, 0)).toEqual(invalid);
    expect(checkFileLink(key, { ...query, download: '1' }, 0)).toEqual(invalid);
    expect(checkFileLink(key, { ...query, sig: query.sig.slice(0, 20) }, 0)).toEqual(invalid);
    expect(checkFileLink(fileLinkKey('b'.repeat(40)), query, 0)).toEqual(invalid);
  });

  it('says invalid, not expired, for a forged link whose time is up', () => {
    const query = { ...parse(sign('inline')), fileId: OTHER };
    expect(checkFileLink(key, query, 5000)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('derives a key of its own from JWT_SECRET', () => {
    expect(fileLinkKey('a'.repeat(40))).toEqual(key);
    expect(key.equals(Buffer.from('a'.repeat(40)))).toBe(false);
  });
});

describe('isRevokedLink', () => {
  it('refuses a link signed before the last revocation, never one signed at or after it', () => {
    const revokedAt = new Date(ISSUED);
    expect(isRevokedLink(ISSUED - 1, revokedAt)).toBe(true);
    expect(isRevokedLink(ISSUED, revokedAt)).toBe(false);
    expect(isRevokedLink(ISSUED + 1, revokedAt)).toBe(false);
    expect(isRevokedLink(0, null)).toBe(false);
  });
});
