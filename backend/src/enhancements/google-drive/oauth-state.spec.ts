import { hashBinding, OAuthStateSigner, STATE_TTL_SECONDS } from './oauth-state';

const USER = '7f1c0b1e-8d6a-4a43-9f0e-2b8f1f0e4c11';
const OTHER = '11111111-2222-4333-8444-555555555555';

describe('OAuthStateSigner', () => {
  const signer = new OAuthStateSigner('s'.repeat(40));
  const now = 1_900_000_000;

  it('verifies its own state until it expires', () => {
    const { state, nonce, expiresAt } = signer.issue(USER, 'binding-value', now);
    expect(expiresAt).toBe(now + STATE_TTL_SECONDS);
    expect(signer.verify(state, now + 60)).toEqual({
      userId: USER,
      nonce,
      expiresAt,
      bindingHash: hashBinding('binding-value'),
    });
    expect(signer.verify(state, expiresAt)).toBeNull();
  });

  it('refuses another secret, a swapped user id and malformed states', () => {
    const { state } = signer.issue(USER, 'binding-value', now);
    expect(new OAuthStateSigner('t'.repeat(40)).verify(state, now)).toBeNull();
    const [payload, signature] = state.split('.');
    const swapped = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(USER, OTHER)).toString(
      'base64url',
    );
    expect(signer.verify(`${swapped}.${signature}`, now)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', `${payload}.`, `${payload}.${signature}.x`])
      expect(signer.verify(bad, now)).toBeNull();
  });
});

describe('OAuthStateSigner.bindingMatches', () => {
  const signer = new OAuthStateSigner('s'.repeat(40));

  it('holds only for the binding the state was issued with', () => {
    const state = signer.verify(signer.issue(USER, 'binding-a', 1_900_000_000).state, 1_900_000_000)!;
    expect(OAuthStateSigner.bindingMatches(state, 'binding-a')).toBe(true);
    for (const other of ['binding-b', '', undefined, state.bindingHash])
      expect(OAuthStateSigner.bindingMatches(state, other)).toBe(false);
  });
});
