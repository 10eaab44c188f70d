import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import type { AuthRateLimits } from '../../src/config';

const generous = { limit: 10_000, windowMs: 60_000 };
/** Rate limits that tests signing many users up from one address never reach. */
export const GENEROUS_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: generous,
  loginPerUsernameIp: generous,
  loginPerUsername: { ...generous, delayMs: 0 },
  registerPerIp: generous,
  forgotPerIp: generous,
  forgotGlobal: generous,
  forgotPerUsername: generous,
  resetPerIp: generous,
  resetGlobal: generous,
  resetPerUsernameIp: generous,
};

let seq = 0;
/** A username no other test of this run uses (the test databases are shared per file). */
export const uniqueUsername = (prefix: string) => `${prefix}_${Date.now().toString(36)}${seq++}`;

/** Signs a new user up through the API, in this process or at a base URL (password 'secret123'). */
export async function registerUser(
  api: INestApplication | string,
  { prefix = 'user', email }: { prefix?: string; email?: string | null } = {},
): Promise<AuthResponse> {
  const response = await request(typeof api === 'string' ? api : api.getHttpServer())
    .post('/api/auth/register')
    .send({ username: uniqueUsername(prefix), password: 'secret123', ...(email ? { email } : {}) })
    .expect(201);
  return response.body as AuthResponse;
}

export const bearer = (who: AuthResponse) => ({ Authorization: `Bearer ${who.token}` });
