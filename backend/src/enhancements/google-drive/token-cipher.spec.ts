import { TokenCipher } from './token-cipher';

describe('TokenCipher', () => {
  const cipher = new TokenCipher('a'.repeat(40));

  it('round-trips, with a fresh IV each time, never showing the plain text', () => {
    const sealed = cipher.encrypt('ya29.secret-access-token');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('secret');
    expect(cipher.encrypt('ya29.secret-access-token')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('ya29.secret-access-token');
  });

  it('answers null for another key, an altered value or garbage', () => {
    const sealed = cipher.encrypt('token');
    expect(new TokenCipher('b'.repeat(40)).decrypt(sealed)).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(cipher.decrypt(`v1.${bytes.toString('base64url')}`)).toBeNull();
    expect(cipher.decrypt('token')).toBeNull();
    expect(cipher.decrypt('v1.abc')).toBeNull();
  });
});
