import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DevOutboxController } from './dev-outbox.controller';

/** GET /api/dev/outbox with what its admin-only guard needs (app.module.ts adds it outside production). */
@Module({ imports: [AuthModule], controllers: [DevOutboxController] })
export class DevOutboxModule {}
