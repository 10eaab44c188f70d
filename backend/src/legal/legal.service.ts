import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CookiePreferencesRequest,
  type CookiePreferencesResponse,
  LEGAL_PAGE_TYPES,
  type LegalPageLanguage,
  type LegalPageResponse,
  type LegalPageType,
} from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import type { CookiePreferencesEntity } from './entities/cookie-preferences.entity';
import { legalPageNotFound } from './legal.errors';
import { LegalRepository } from './legal.repository';

/** Cookie choices not changed for this long are deleted (stated in the privacy and cookie policies). */
export const COOKIE_PREFERENCES_RETENTION_DAYS = 365;
/** The retention clean-up runs at most this often, piggy-backed on saves. */
export const COOKIE_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'fair-use' (the route slug) and 'fair_use' (the API name) both name the same page. */
export function normalizeLegalPageType(type: string): LegalPageType | undefined {
  const normalized = type.trim().toLowerCase().replace(/-/g, '_');
  return (LEGAL_PAGE_TYPES as readonly string[]).includes(normalized)
    ? (normalized as LegalPageType)
    : undefined;
}

/** Fills the product's configured names into a stored text ('{{APP_NAME}}', '{{ASSISTANT_NAME}}'). */
export function fillPlaceholders(text: string, names: { appName: string; assistantName: string }): string {
  return text
    .replace(/\{\{APP_NAME\}\}/g, names.appName)
    .replace(/\{\{ASSISTANT_NAME\}\}/g, names.assistantName);
}

function toResponse(row: CookiePreferencesEntity): CookiePreferencesResponse {
  return {
    sessionId: row.sessionId,
    necessary: row.necessary,
    analytics: row.analytics,
    marketing: row.marketing,
    preferences: row.preferences,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

@Injectable()
export class LegalService {
  private readonly logger = new Logger(LegalService.name);
  private lastPurgeAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: LegalRepository,
  ) {}

  /**
   * The page in `language`, or the English page when it is not written in that language yet: a
   * known type never answers 404 for want of a translation. `language` in the answer says which.
   */
  async getPage(requested: string, language: LegalPageLanguage = 'en'): Promise<LegalPageResponse> {
    const type = normalizeLegalPageType(requested);
    let page = type ? await this.repository.findPage(type, language) : null;
    if (type && !page && language !== 'en') page = await this.repository.findPage(type, 'en');
    if (!page) throw legalPageNotFound(requested);
    const names = { appName: this.config.appName, assistantName: this.config.assistantName };
    return {
      title: fillPlaceholders(page.title, names),
      language: page.language,
      version: page.version,
      effectiveDate: page.effectiveDate,
      content: fillPlaceholders(page.content, names),
    };
  }

  /** The stored choice for a browser session, or null when it never saved one. */
  async getCookiePreferences(sessionId: string): Promise<CookiePreferencesResponse | null> {
    const row = await this.repository.findCookiePreferences(sessionId);
    return row ? toResponse(row) : null;
  }

  /** Saves (or replaces) a session's choice. Strictly necessary cookies are always on. */
  async saveCookiePreferences(body: CookiePreferencesRequest): Promise<CookiePreferencesResponse> {
    const row = await this.repository.saveCookiePreferences(body.sessionId, {
      necessary: true,
      analytics: body.analytics,
      marketing: body.marketing,
      preferences: body.preferences,
    });
    this.purgeExpiredSoon();
    return toResponse(row);
  }

  /** Deletes expired choices at most once per COOKIE_PURGE_INTERVAL_MS; never fails the request. */
  private purgeExpiredSoon(now = Date.now()): void {
    if (now - this.lastPurgeAt < COOKIE_PURGE_INTERVAL_MS) return;
    this.lastPurgeAt = now;
    const before = new Date(now - COOKIE_PREFERENCES_RETENTION_DAYS * DAY_MS);
    this.repository.deleteCookiePreferencesOlderThan(before).then(
      (deleted) => {
        if (deleted) this.logger.log(`Deleted ${deleted} expired cookie preference record(s)`);
      },
      (error: unknown) => this.logger.warn(`Cookie preference clean-up failed: ${String(error)}`),
    );
  }
}
