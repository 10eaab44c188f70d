import { queryKeyToPath } from '@kasa/api-client';
import { cookiePreferencesQueryKey, saveCookiePreferences, toChoice } from './cookie-preferences-api';
import { installLegalApiDouble, removeFetch } from './testing/legal-api-double';

afterEach(removeFetch);

test("the query key's parts make the GET path", () => {
  expect(queryKeyToPath(cookiePreferencesQueryKey('abc12345-x'))).toBe(
    '/api/legal/cookie-preferences/abc12345-x?type=session',
  );
});

test('posts JSON with the session id and the four flags, and answers the stored record', async () => {
  const api = installLegalApiDouble();
  const saved = await saveCookiePreferences('session-1234', {
    necessary: true,
    analytics: true,
    marketing: false,
    preferences: true,
  });
  expect(api.seen).toEqual([
    {
      method: 'POST',
      url: '/api/legal/cookie-preferences',
      contentType: 'application/json',
      body: {
        sessionId: 'session-1234',
        necessary: true,
        analytics: true,
        marketing: false,
        preferences: true,
      },
    },
  ]);
  expect(saved).toMatchObject({ sessionId: 'session-1234', analytics: true, preferences: true });
  expect(api.stored.get('session-1234')).toEqual(saved);
});

test('necessary is always sent as true', async () => {
  const api = installLegalApiDouble();
  await saveCookiePreferences('session-1234', { ...toChoice(null), necessary: false });
  expect(api.posts()).toEqual([expect.objectContaining({ necessary: true })]);
});

test('a non-OK answer rejects', async () => {
  const api = installLegalApiDouble();
  api.override(() => ({ status: 503, body: { message: 'down' } }));
  await expect(saveCookiePreferences('session-1234', toChoice(null))).rejects.toThrow('503: down');
});

test('a save that gets no answer gives up after the timeout instead of hanging', async () => {
  const api = installLegalApiDouble();
  api.override(() => new Promise(() => undefined));
  const started = Date.now();
  await expect(saveCookiePreferences('session-1234', toChoice(null), 50)).rejects.toThrow(
    'No answer within 50 ms',
  );
  expect(Date.now() - started).toBeLessThan(2000);
});
