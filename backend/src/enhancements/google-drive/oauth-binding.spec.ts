import {
  bindingCookieName,
  bindingCookieOptions,
  CALLBACK_PATH,
  newBinding,
  readBindingCookies,
} from './oauth-binding';

describe('the consent binding cookie', () => {
  it('is HttpOnly, SameSite=Lax, on the callback path only, Secure on https', () => {
    expect(bindingCookieOptions('http://localhost:3000')).toEqual({
      httpOnly: true,
      secure: false,
      sameSite: 'lax',
      path: CALLBACK_PATH,
      maxAge: 600_000,
    });
    expect(bindingCookieOptions('https://kasa.example').secure).toBe(true);
  });

  it('reads the binding cookies of a Cookie header by nonce, ignoring the others', () => {
    const nonce = 'a'.repeat(32);
    const binding = newBinding();
    expect(binding).toMatch(/^[\w-]{43}$/);
    expect(newBinding()).not.toBe(binding);
    const cookies = readBindingCookies(
      `theme=dark; ${bindingCookieName(nonce)}=${binding};junk; kasa_drive_b=`,
    );
    expect([...cookies]).toEqual([
      [nonce, binding],
      ['b', ''],
    ]);
    expect(readBindingCookies(undefined).size).toBe(0);
  });
});
