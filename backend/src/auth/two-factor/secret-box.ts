import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for small secrets kept in the database (TOTP secrets), so a copy of the database
 * alone does not give anyone a second factor. The key is derived from JWT_SECRET with HKDF and a
 * label of its own: it never equals the token signing key, and each label gives another key.
 * Sealed form: 'v1.' + base64url(iv | tag | ciphertext); the version lets the format change later.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string, label: string) {
    if (!masterSecret) throw new Error('SecretBox needs a non-empty master secret.');
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, Buffer.alloc(0), `kasa:${label}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text; throws when the value was altered, sealed under another key, or is malformed. */
  open(sealed: string): string {
    const [version, payload, ...rest] = sealed.split('.');
    if (version !== VERSION || payload === undefined || rest.length)
      throw new Error('Not a sealed secret of a known version.');
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('The sealed secret is truncated.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}
