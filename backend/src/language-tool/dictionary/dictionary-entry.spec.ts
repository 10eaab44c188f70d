import { AudioLinks } from './audio-links';
import { audioUnavailableReason, toDictionaryEntry } from './dictionary-entry';

describe('audioUnavailableReason', () => {
  it('refuses phonetic codes whatever the voice, and languages without a voice', () => {
    expect(audioUnavailableReason('bbk', 'asjp-v12')).toBe('phonetic-code');
    expect(audioUnavailableReason('swh', 'polyglottaafricana')).toBe('phonetic-code');
    expect(audioUnavailableReason('bbk', 'numerals')).toBe('no-voice');
    expect(audioUnavailableReason('constructor', 'AI')).toBe('no-voice');
    expect(audioUnavailableReason('swh', 'numerals')).toBeNull();
  });

  it('maps a row without audio to an entry that says why', () => {
    const row = {
      id: 'a1',
      language: 'bbk',
      form: 'mu',
      gloss: 'water',
      source: 'asjp-v12:BABANKI',
      sourceKind: 'asjp-v12' as const,
      partOfSpeech: 'noun',
    };
    expect(toDictionaryEntry(row, 'Babanki', null)).toEqual({
      id: 'a1',
      word: 'mu',
      language: 'bbk',
      languageName: 'Babanki',
      translation: 'water',
      partOfSpeech: 'noun',
      source: 'asjp-v12:BABANKI',
      sourceKind: 'asjp-v12',
      audioUrl: null,
      audioUnavailable: 'phonetic-code',
    });
  });
});

describe('AudioLinks', () => {
  const links = new AudioLinks({ jwtSecret: 'x'.repeat(40) } as never);
  const id = '3f2b8a9e-1c7d-4e5f-9a0b-123456789abc';
  const parts = (url: string) =>
    Object.fromEntries(new URL(url, 'http://h').searchParams) as Record<string, string>;

  it('accepts its own link until it expires, the same link for an hour', () => {
    const now = 1_800_000_000;
    const url = links.sign(id, now);
    expect(links.sign(id, now + 60)).toBe(url);
    const { expires, sig } = parts(url);
    expect(Number(expires) - now).toBeGreaterThanOrEqual(3600);
    expect(links.check(id, expires, sig, now)).toEqual({ ok: true });
    expect(links.check(id, expires, sig, Number(expires))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link for another entry or with another expiry', () => {
    const { expires, sig } = parts(links.sign(id, 1_800_000_000));
    expect(links.check(id.replace('3f', '4f'), expires, sig, 1_800_000_000).ok).toBe(false);
    expect(links.check(id, String(Number(expires) + 3600), sig, 1_800_000_000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
