import { fileLinkKey } from '../../files/links/file-link';
import { checkExportLink, exportLinkKey, signExportLink } from './export-link';

describe('export links', () => {
  const key = exportLinkKey('a-test-secret-of-32-characters-!!');
  const id = '6f1c0b1e-8d6a-4a43-9f0e-2b8f1f0e4c11';
  const other = '7a2d1c2f-9e7b-4b54-8a1f-3c9a2a1f5d22';
  const expiresAt = 1_900_000_000;
  const issuedAt = 1_899_000_000_000;

  const parse = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return {
      path: parsed.pathname,
      expires: parsed.searchParams.get('expires')!,
      signature: parsed.searchParams.get('signature')!,
      issued: parsed.searchParams.get('issued')!,
    };
  };

  it('signs a relative download URL that checks for its export until it expires', () => {
    const link = parse(signExportLink(key, id, expiresAt, issuedAt));
    expect(link.path).toBe(`/api/account/export/${id}/download`);
    expect(link.expires).toBe(String(expiresAt));
    expect(link.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.issued).toBe(String(issuedAt));
    expect(checkExportLink(key, { exportId: id, ...link }, expiresAt - 1)).toEqual({ ok: true, issuedAt });
  });

  it('refuses the link moved to another export, another expiry, another issue time or another key', () => {
    const link = parse(signExportLink(key, id, expiresAt, issuedAt));
    expect(checkExportLink(key, { exportId: other, ...link }, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkExportLink(key, { exportId: id, ...link, expires: String(expiresAt + 1) }, 0)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkExportLink(key, { exportId: id, ...link, issued: String(issuedAt + 1) }, 0)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkExportLink(exportLinkKey('another-secret'), { exportId: id, ...link }, 0)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkExportLink(key, { exportId: id, ...link, signature: 'short' }, 0).ok).toBe(false);
    expect(checkExportLink(key, { exportId: id, ...link, expires: '1e9' }, 0).ok).toBe(false);
  });

  it('says expired only for a genuine link past its time', () => {
    const link = parse(signExportLink(key, id, expiresAt, issuedAt));
    expect(checkExportLink(key, { exportId: id, ...link }, expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(checkExportLink(key, { exportId: other, ...link }, expiresAt + 10)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('is not a file link: the keys differ for the same secret', () => {
    expect(exportLinkKey('same-secret').equals(fileLinkKey('same-secret'))).toBe(false);
  });
});
