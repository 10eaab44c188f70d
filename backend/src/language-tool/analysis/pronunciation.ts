/**
 * Combining marks that write tone in the lexicon's orthographies and transcriptions (NFD):
 * acute high, grave low, macron mid, circumflex falling, caron rising.
 */
const TONE_MARKS: readonly { mark: string; tone: string; name: string }[] = [
  { mark: '\u0301', tone: 'high', name: 'acute' },
  { mark: '\u0300', tone: 'low', name: 'grave' },
  { mark: '\u0304', tone: 'mid', name: 'macron' },
  { mark: '\u0302', tone: 'falling', name: 'circumflex' },
  { mark: '\u030C', tone: 'rising', name: 'caron' },
];

/**
 * What the text's tone marks say ('Tone marks: 4 high (acute), 3 low (grave)'), or null when it
 * has none. Only meaningful for a tonal language: in French or Portuguese the same accents are
 * spelling, so the caller asks only for languages eSpeak has no voice for (the lexicon's).
 */
export function describeToneMarks(text: string): string | null {
  const decomposed = text.normalize('NFD');
  const counts = TONE_MARKS.map((entry) => ({
    ...entry,
    count: decomposed.split(entry.mark).length - 1,
  })).filter((entry) => entry.count > 0);
  if (counts.length === 0) return null;
  return `Tone marks: ${counts.map(({ count, tone, name }) => `${count} ${tone} (${name})`).join(', ')}`;
}

export const noVoiceNote = (languageName: string) =>
  `Pronunciation not available: the speech engine has no voice for ${languageName}.`;
