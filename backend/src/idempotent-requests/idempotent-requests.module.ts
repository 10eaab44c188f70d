import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotentRequestEntity } from './idempotent-request.entity';
import { IdempotentRequestsCleanup } from './idempotent-requests.cleanup';
import { IdempotentRequestsRepository } from './idempotent-requests.repository';
import { IdempotentRequestsService } from './idempotent-requests.service';

/**
 * Exactly-once media and voice requests by Idempotency-Key: the service the media and
 * voice modules wrap their work in, the table behind it and its hourly cleanup. No routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotentRequestEntity])],
  providers: [IdempotentRequestsRepository, IdempotentRequestsService, IdempotentRequestsCleanup],
  exports: [IdempotentRequestsService],
})
export class IdempotentRequestsModule {}
