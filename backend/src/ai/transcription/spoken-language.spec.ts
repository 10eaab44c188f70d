import { spokenLanguageCode } from './spoken-language';

describe('spokenLanguageCode', () => {
  it.each([
    ['english', 'en'],
    ['French', 'fr'],
    ['swahili', 'sw'],
    [' yoruba ', 'yo'],
    ['haitian creole', 'ht'],
    ['burmese', 'my'],
  ])("turns whisper's name %p into %p", (answered, code) => {
    expect(spokenLanguageCode(answered)).toBe(code);
  });

  it.each([
    ['en', 'en'],
    ['FR', 'fr'],
    ['pt-BR', 'pt'],
    ['zh_Hans', 'zh'],
    ['jw', 'jv'],
  ])('keeps the language part of the code %p', (answered, code) => {
    expect(spokenLanguageCode(answered, 'sw')).toBe(code);
  });

  it('answers the hint when the server names no language, or one not known here', () => {
    expect(spokenLanguageCode(undefined, 'fr')).toBe('fr');
    expect(spokenLanguageCode(null, 'sw')).toBe('sw');
    expect(spokenLanguageCode('  ', 'ha')).toBe('ha');
    expect(spokenLanguageCode('klingon', 'en')).toBe('en');
    expect(spokenLanguageCode('fra', 'fr')).toBe('fr');
  });

  it("answers 'und' without a hint", () => {
    expect(spokenLanguageCode(undefined)).toBe('und');
    expect(spokenLanguageCode('klingon')).toBe('und');
  });
});
