/** Placeholder mount point: the cookie legal page's toggles (spec §2, §4) are being built. */
export function CookiePreferencesPanel() {
  return null;
}
