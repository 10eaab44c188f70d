import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-long-enough-jwt-secret-for-tests', 'two-factor');

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same text differently each time (random IV)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a sealed value that was altered', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`)).toThrow();
  });

  it('refuses a value sealed under another secret or another label', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('another-jwt-secret-entirely-here', 'two-factor').open(sealed)).toThrow();
    expect(() => new SecretBox('a-long-enough-jwt-secret-for-tests', 'other').open(sealed)).toThrow();
  });

  it.each(['', 'v1', 'v2.AAAA', 'v1.', 'v1.AAAA', 'v1.a.b', 'plain-text'])(
    'refuses malformed %j',
    (value) => {
      expect(() => box.open(value)).toThrow();
    },
  );
});
