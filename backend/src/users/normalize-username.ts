/**
 * The one comparable form of a username: what uniqueness, every lookup and every per-username
 * rate-limit key use, so two spellings that reach the same account always share one limiter
 * bucket. Stored in users.username_normalized; the database only compares it for equality and
 * never applies its own lower(), whose result depends on the server's locale.
 *
 * NFKC first (full-width letters, ligatures, the Kelvin sign and composed accents become their
 * plain forms), then a locale-independent full case fold: lower, upper, lower maps ß and ẞ to
 * "ss" and final sigma to σ, where a bare toLowerCase() leaves "ß" apart from "SS". NFKC again,
 * because case mapping can leave a decomposed sequence (İ lower-cases to i + U+0307).
 * The result is stable: normalizeUsername(normalizeUsername(x)) === normalizeUsername(x).
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}
