import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export interface TestAccount {
  username: string;
  password: string;
  email?: string;
  token: string;
}

/** A username no other test (or earlier run against the same database) has taken. */
export function uniqueUsername(prefix = 'farmer'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** Creates an account through the real API (POST /api/auth/register). */
export async function registerAccount(
  request: APIRequestContext,
  options: { email?: boolean } = {},
): Promise<TestAccount> {
  const username = uniqueUsername();
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = options.email ? `${username}@example.com` : undefined;
  const response = await request.post('/api/auth/register', {
    data: { username, password, ...(email ? { email } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { username, password, email, token };
}

/** Signs the page in the way the app does after a successful sign-in: the token in auth_token. */
export async function useAccount(page: Page, account: TestAccount): Promise<void> {
  await page.addInitScript((token) => {
    // Only when nothing is stored yet: a test that signs out must stay signed out after a reload.
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('auth_token', token);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, account.token);
}

/** A fresh account, signed in on this page. */
export async function signedIn(page: Page): Promise<TestAccount> {
  const account = await registerAccount(page.request);
  await useAccount(page, account);
  return account;
}

/** The administrator serve-app.mjs names in ADMIN_USERNAMES: the only one who may read the outbox. */
export const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e-admin-outbox-reader' };

let adminToken: Promise<string> | undefined;

/**
 * The administrator's token: the account is created on first use, or signed into when an earlier
 * run against the same (embedded) database created it. Once per test worker.
 */
function signedInAdmin(request: APIRequestContext): Promise<string> {
  adminToken ??= (async () => {
    const registered = await request.post('/api/auth/register', { data: E2E_ADMIN });
    const response =
      registered.status() === 409 ? await request.post('/api/auth/login', { data: E2E_ADMIN }) : registered;
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { token: string }).token;
  })();
  adminToken.catch(() => (adminToken = undefined));
  return adminToken;
}

/** The newest password-reset code the local outbox holds for this address (admin-only, outside production). */
export async function latestResetCode(request: APIRequestContext, email: string): Promise<string> {
  const token = await signedInAdmin(request);
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status(), await response.text()).toBe(200);
      const { messages } = (await response.json()) as { messages: Array<{ subject: string; text: string }> };
      code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
