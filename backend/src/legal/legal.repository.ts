import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CookiePreferencesEntity } from './entities/cookie-preferences.entity';
import { LegalPageEntity } from './entities/legal-page.entity';

export interface CookieFlags {
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

/** Database access for the legal module. */
@Injectable()
export class LegalRepository {
  constructor(
    @InjectRepository(LegalPageEntity) private readonly pages: Repository<LegalPageEntity>,
    @InjectRepository(CookiePreferencesEntity) private readonly cookies: Repository<CookiePreferencesEntity>,
  ) {}

  findPage(type: string): Promise<LegalPageEntity | null> {
    return this.pages.findOneBy({ type });
  }

  findCookiePreferences(sessionId: string): Promise<CookiePreferencesEntity | null> {
    return this.cookies.findOneBy({ sessionId });
  }

  /** Insert or replace the choice for one session in a single statement; returns the stored row. */
  async saveCookiePreferences(sessionId: string, flags: CookieFlags): Promise<CookiePreferencesEntity> {
    const rows: Array<Record<string, unknown>> = await this.cookies.query(
      `INSERT INTO "cookie_preferences" ("session_id", "necessary", "analytics", "marketing", "preferences")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("session_id") DO UPDATE SET
         "necessary" = EXCLUDED."necessary",
         "analytics" = EXCLUDED."analytics",
         "marketing" = EXCLUDED."marketing",
         "preferences" = EXCLUDED."preferences",
         "updated_at" = now()
       RETURNING "session_id", "necessary", "analytics", "marketing", "preferences", "created_at", "updated_at"`,
      [sessionId, flags.necessary, flags.analytics, flags.marketing, flags.preferences],
    );
    const row = rows[0];
    return Object.assign(new CookiePreferencesEntity(), {
      sessionId: row.session_id as string,
      necessary: row.necessary as boolean,
      analytics: row.analytics as boolean,
      marketing: row.marketing as boolean,
      preferences: row.preferences as boolean,
      createdAt: row.created_at as Date,
      updatedAt: row.updated_at as Date,
    });
  }

  /** Removes choices not changed since `before` (the retention the privacy policy states). */
  async deleteCookiePreferencesOlderThan(before: Date): Promise<number> {
    const result = await this.cookies
      .createQueryBuilder()
      .delete()
      .where('"updated_at" < :before', { before })
      .execute();
    return result.affected ?? 0;
  }
}
