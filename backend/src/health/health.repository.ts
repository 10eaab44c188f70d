import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The health check's database round trip. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One trivial statement: resolves when PostgreSQL answers. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
