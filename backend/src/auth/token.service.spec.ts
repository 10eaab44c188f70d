import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { TokenService, TWO_FACTOR_CHALLENGE_SECONDS } from './token.service';

describe('TokenService: bearer tokens and two-factor challenges never stand in for each other', () => {
  const jwt = new JwtService({
    secret: createSecretKey(Buffer.from('unit-test-secret-unit-test-secret', 'utf8')),
    signOptions: { algorithm: 'HS256', expiresIn: '30d' },
  });
  const tokens = new TokenService(jwt);
  const user = { id: '6b0c5d0e-8f57-4d8e-9a51-0d6f7e1c2b3a', tokenVersion: 3 };

  it('a bearer token verifies as a session, not as a challenge', async () => {
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual({ sub: user.id, tokenVersion: 3 });
    expect(await tokens.verifyChallenge(token)).toBeNull();
  });

  it('a challenge verifies as a challenge, not as a session, and lasts 5 minutes', async () => {
    const before = Date.now();
    const { challenge, expiresAt } = await tokens.signChallenge(user);
    expect(await tokens.verifyChallenge(challenge)).toEqual({ sub: user.id, tokenVersion: 3 });
    expect(await tokens.verify(challenge)).toBeNull();
    const lifetime = expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan((TWO_FACTOR_CHALLENGE_SECONDS - 2) * 1000);
    expect(lifetime).toBeLessThanOrEqual((TWO_FACTOR_CHALLENGE_SECONDS + 1) * 1000);
  });

  it('a token with any other purpose claim is neither', async () => {
    const other = await jwt.signAsync({ sub: user.id, tokenVersion: 3, purpose: 'file-download' });
    expect(await tokens.verify(other)).toBeNull();
    expect(await tokens.verifyChallenge(other)).toBeNull();
  });

  it('an expired challenge and one signed with another key are refused', async () => {
    const expired = await jwt.signAsync(
      { sub: user.id, tokenVersion: 3, purpose: 'two-factor' },
      { expiresIn: -1 },
    );
    expect(await tokens.verifyChallenge(expired)).toBeNull();
    const forged = await new JwtService({ secret: 'another-secret-another-secret!!' }).signAsync({
      sub: user.id,
      tokenVersion: 3,
      purpose: 'two-factor',
    });
    expect(await tokens.verifyChallenge(forged)).toBeNull();
    expect(await tokens.verifyChallenge('not.a.jwt')).toBeNull();
  });
});
