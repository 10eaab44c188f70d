import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config';
import { DevOutboxModule } from '../dev-outbox/dev-outbox.module';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';

/**
 * MailService for everyone (global). The admin-only dev outbox endpoint exists only outside
 * production; its guard comes from AuthModule, whose AuthService sends mail, so auth imports
 * mail.service.ts directly rather than this folder's index (no import cycle).
 */
@Module({})
export class MailModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      global: true,
      imports: [
        TypeOrmModule.forFeature([OutboxMessage]),
        ...(config.nodeEnv === 'production' ? [] : [DevOutboxModule]),
      ],
      providers: [MailService],
      exports: [MailService],
    };
  }
}
