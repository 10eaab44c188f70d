/** Placeholder mount point: the cookie consent banner (spec §2, §4) is being built. */
export function CookieConsentBanner() {
  return null;
}
