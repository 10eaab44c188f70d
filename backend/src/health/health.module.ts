import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

/** GET /api/health; AuthModule tells an administrator's token apart (they see the details). */
@Module({
  imports: [AuthModule],
  controllers: [HealthController],
  providers: [HealthService, HealthRepository],
})
export class HealthModule {}
