/**
 * The keys the dictionary matches on. `foldKey` drops what a phone keyboard makes hard to type or
 * a reader leaves out: combining marks (tones, macrons, dots below), Koelle's '·' and case, so
 * "mùʔ" is found as "muʔ" and "Ọ̀nị̀chà" as "onicha". Letters that are not a base letter plus a
 * mark (ŋ, ɛ, ɨ, ʔ) are kept: they are different letters.
 */
export function foldKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\p{M}·]/gu, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The key of an English gloss: folded, without its parenthesised part ("one (1)" → "one",
 * "Heaven (sky)" → "heaven"), so a look-up of the plain word finds it exactly.
 */
export function glossKey(gloss: string): string {
  const bare = foldKey(gloss.replace(/\([^)]*\)/g, ' '));
  return bare === '' ? foldKey(gloss) : bare;
}
