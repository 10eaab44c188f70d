import { ApiException } from '../common';
import type { AppConfig } from '../config';
import type { CookiePreferencesEntity } from './entities/cookie-preferences.entity';
import type { LegalPageEntity } from './entities/legal-page.entity';
import type { LegalRepository } from './legal.repository';
import {
  COOKIE_PREFERENCES_RETENTION_DAYS,
  fillPlaceholders,
  LegalService,
  normalizeLegalPageType,
} from './legal.service';

/** `pages`: the stored pages; findPage answers the one of that type and language, else null. */
function fakeRepository(...pages: Array<Partial<LegalPageEntity>>) {
  const saved: Array<[string, Record<string, boolean>]> = [];
  const purges: Date[] = [];
  const repository = {
    findPage: jest.fn(
      async (type: string, language: string) =>
        (pages.find((page) => page.type === type && page.language === language) ??
          null) as LegalPageEntity | null,
    ),
    findCookiePreferences: jest.fn(async () => null),
    saveCookiePreferences: jest.fn(async (sessionId: string, flags: Record<string, boolean>) => {
      saved.push([sessionId, flags]);
      return {
        sessionId,
        ...flags,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      } as CookiePreferencesEntity;
    }),
    deleteCookiePreferencesOlderThan: jest.fn(async (before: Date) => {
      purges.push(before);
      return 0;
    }),
  };
  return { repository, saved, purges };
}

const config = { appName: 'Kasa', assistantName: 'Ada' } as AppConfig;

const englishTerms: Partial<LegalPageEntity> = {
  type: 'terms',
  language: 'en',
  title: '{{APP_NAME}} terms',
  version: '1.1',
  effectiveDate: '2026-11-24',
  content: 'Use {{APP_NAME}} with {{ASSISTANT_NAME}}.',
};
const frenchTerms: Partial<LegalPageEntity> = {
  type: 'terms',
  language: 'fr',
  title: "Conditions d'utilisation de {{APP_NAME}}",
  version: '1.0',
  effectiveDate: '2026-11-29',
  content: 'Utilisez {{APP_NAME}} avec {{ASSISTANT_NAME}}.',
};

describe('LegalService', () => {
  it('normalizes page types', () => {
    expect(normalizeLegalPageType('fair-use')).toBe('fair_use');
    expect(normalizeLegalPageType('fair_use')).toBe('fair_use');
    expect(normalizeLegalPageType('pricing')).toBe('pricing');
    expect(normalizeLegalPageType('refunds')).toBeUndefined();
    expect(normalizeLegalPageType('constructor')).toBeUndefined();
  });

  it('fills every placeholder', () => {
    expect(fillPlaceholders('{{APP_NAME}} & {{APP_NAME}} ask {{ASSISTANT_NAME}}', config)).toBe(
      'Kasa & Kasa ask Ada',
    );
  });

  it('serves a page with the names filled in', async () => {
    const { repository } = fakeRepository(englishTerms);
    const service = new LegalService(config, repository as unknown as LegalRepository);
    await expect(service.getPage('terms')).resolves.toEqual({
      title: 'Kasa terms',
      language: 'en',
      version: '1.1',
      effectiveDate: '2026-11-24',
      content: 'Use Kasa with Ada.',
    });
    expect(repository.findPage).toHaveBeenCalledWith('terms', 'en');
  });

  it('serves the French page with its own version and date', async () => {
    const { repository } = fakeRepository(englishTerms, frenchTerms);
    const service = new LegalService(config, repository as unknown as LegalRepository);
    await expect(service.getPage('terms', 'fr')).resolves.toEqual({
      title: "Conditions d'utilisation de Kasa",
      language: 'fr',
      version: '1.0',
      effectiveDate: '2026-11-29',
      content: 'Utilisez Kasa avec Ada.',
    });
    expect(repository.findPage).toHaveBeenCalledTimes(1);
  });

  it('answers the English page, marked en, when the page is not written in French', async () => {
    const { repository } = fakeRepository(englishTerms);
    const service = new LegalService(config, repository as unknown as LegalRepository);
    await expect(service.getPage('terms', 'fr')).resolves.toMatchObject({
      title: 'Kasa terms',
      language: 'en',
      version: '1.1',
    });
    expect(repository.findPage.mock.calls).toEqual([
      ['terms', 'fr'],
      ['terms', 'en'],
    ]);
  });

  it('unknown type: 404 LEGAL_PAGE_NOT_FOUND without querying the database', async () => {
    const { repository } = fakeRepository();
    const service = new LegalService(config, repository as unknown as LegalRepository);
    const failure = service.getPage('refunds');
    await expect(failure).rejects.toBeInstanceOf(ApiException);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      response: { code: 'LEGAL_PAGE_NOT_FOUND' },
    });
    expect(repository.findPage).not.toHaveBeenCalled();
  });

  it('always stores necessary = true and purges old choices at most once per interval', async () => {
    const { repository, saved, purges } = fakeRepository();
    const service = new LegalService(config, repository as unknown as LegalRepository);
    const before = Date.now();
    const choice = {
      sessionId: 'abcdefgh',
      necessary: false,
      analytics: true,
      marketing: false,
      preferences: true,
    };
    const answer = await service.saveCookiePreferences(choice);
    await service.saveCookiePreferences(choice);
    expect(saved[0]).toEqual([
      'abcdefgh',
      { necessary: true, analytics: true, marketing: false, preferences: true },
    ]);
    expect(answer).toEqual({
      sessionId: 'abcdefgh',
      necessary: true,
      analytics: true,
      marketing: false,
      preferences: true,
      updatedAt: new Date(0).toISOString(),
    });
    expect(purges).toHaveLength(1);
    const ageDays = (before - purges[0].getTime()) / 86_400_000;
    expect(Math.round(ageDays)).toBe(COOKIE_PREFERENCES_RETENTION_DAYS);
  });
});
