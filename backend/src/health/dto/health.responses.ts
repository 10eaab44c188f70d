import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { ComponentStatus, DatabaseHealth, HealthResponse, QueueHealth } from '@kasa/contracts';

const STATUSES: ComponentStatus[] = ['ok', 'error'];
const DETAIL = "Details go only to an administrator's bearer token or a caller on the server itself.";

@ApiSchema({ name: 'DatabaseHealth' })
export class DatabaseHealthDoc implements Required<DatabaseHealth> {
  @ApiProperty({ enum: STATUSES, enumName: 'ComponentStatus' })
  status: ComponentStatus;

  @ApiPropertyOptional({
    enum: ['embedded', 'external'],
    description: `'embedded': Kasa started its own PostgreSQL; 'external': DATABASE_URL. ${DETAIL}`,
  })
  engine: 'embedded' | 'external';

  @ApiPropertyOptional({ type: Number, description: DETAIL })
  latencyMs: number;

  @ApiPropertyOptional({ type: String, description: DETAIL })
  error: string;
}

@ApiSchema({ name: 'QueueHealth' })
export class QueueHealthDoc implements Required<QueueHealth> {
  @ApiProperty({ enum: STATUSES, enumName: 'ComponentStatus' })
  status: ComponentStatus;

  @ApiPropertyOptional({ enum: ['redis', 'postgres'], description: `Where BullMQ keeps its jobs. ${DETAIL}` })
  backend: 'redis' | 'postgres';

  @ApiPropertyOptional({
    type: Number,
    description: `Time for a real job to be added, processed by a worker and read back. ${DETAIL}`,
  })
  roundTripMs: number;

  @ApiPropertyOptional({ type: String, description: DETAIL })
  error: string;
}

@ApiSchema({
  name: 'HealthResponse',
  description: `The same body with 200 (all ok) or 503. Everyone gets the statuses; ${DETAIL.toLowerCase()}`,
})
export class HealthResponseDoc implements Required<HealthResponse> {
  @ApiProperty({ enum: STATUSES, enumName: 'ComponentStatus' })
  status: ComponentStatus;

  @ApiProperty({ type: () => DatabaseHealthDoc })
  database: DatabaseHealthDoc;

  @ApiProperty({ type: () => QueueHealthDoc })
  queue: QueueHealthDoc;

  @ApiPropertyOptional({ type: String, example: '0.1.0', description: DETAIL })
  version: string;

  @ApiPropertyOptional({ type: Number, description: DETAIL })
  uptimeSeconds: number;
}
