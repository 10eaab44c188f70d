import { requestLanguage } from './request-language';

describe('requestLanguage', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-GB,en;q=0.9', 'en'],
    ['sw,en;q=0.5,fr;q=0.7', 'fr'],
    ['fr;q=0,en', 'en'],
    [['fr-CI'], 'fr'],
  ] as const)('reads %j as %s', (header, language) => {
    expect(requestLanguage(header as string | string[])).toBe(language);
  });

  it.each([undefined, '', 'sw, yo', '*'])('leaves %j to the caller', (header) => {
    expect(requestLanguage(header)).toBeUndefined();
  });
});
