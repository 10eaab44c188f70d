import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config';
import { DevOutboxController } from './dev-outbox.controller';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';

@Module({})
export class MailModule {
  /** The dev outbox endpoint exists only outside production. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      global: true,
      imports: [TypeOrmModule.forFeature([OutboxMessage])],
      controllers: config.nodeEnv === 'production' ? [] : [DevOutboxController],
      providers: [MailService],
      exports: [MailService],
    };
  }
}
