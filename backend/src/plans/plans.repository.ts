import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PlanId, PlanLimits } from '@kasa/contracts';
import type { DataSource } from 'typeorm';

type Row = Record<string, unknown>;

function toPlanLimits(row: Row): PlanLimits {
  return {
    name: row.name as string,
    // numeric comes back as a string (it may not fit a double; prices do).
    price: Number(row.price),
    priceXaf: row.price_xaf as number,
    messagesPerMonth: row.messages_per_month as number,
    mediaGenerationsPerMonth: row.media_generations_per_month as number,
    voiceMinutesPerMonth: row.voice_seconds_per_month as number,
    audioUploadsPerMonth: row.audio_uploads_per_month as number,
    webSearchesPerMonth: row.web_searches_per_month as number,
  };
}

/** The plans table (seeded by migration 1764210000000-Usage). */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async loadPlans(): Promise<Map<PlanId, PlanLimits>> {
    const rows: Row[] = await this.dataSource.query(`SELECT * FROM "plans"`);
    return new Map(rows.map((row) => [row.id as PlanId, toPlanLimits(row)]));
  }
}
