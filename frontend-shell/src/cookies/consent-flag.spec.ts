import { CONSENT_STORAGE_KEY, hasConsentFlag, setConsentFlag } from './consent-flag';

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

test("absent until set, then localStorage holds cookieConsentGiven = 'true'", () => {
  expect(CONSENT_STORAGE_KEY).toBe('cookieConsentGiven');
  expect(hasConsentFlag()).toBe(false);
  setConsentFlag();
  expect(localStorage.getItem('cookieConsentGiven')).toBe('true');
  expect(hasConsentFlag()).toBe(true);
});

test('a flag stored by an earlier visit counts', () => {
  localStorage.setItem('cookieConsentGiven', 'true');
  expect(hasConsentFlag()).toBe(true);
});

test('when storage refuses the write, the answer still holds for this page load', async () => {
  // A fresh copy of the module: its in-memory answer must not leak into the other tests.
  await jest.isolateModulesAsync(async () => {
    const flag = await import('./consent-flag');
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(flag.hasConsentFlag()).toBe(false);
    expect(() => flag.setConsentFlag()).not.toThrow();
    expect(localStorage.getItem('cookieConsentGiven')).toBeNull();
    expect(flag.hasConsentFlag()).toBe(true);
  });
});

test('when storage cannot even be read, the banner is shown (no flag)', () => {
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(hasConsentFlag()).toBe(false);
});
