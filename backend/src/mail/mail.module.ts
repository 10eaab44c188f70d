import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';

/**
 * The mail transport for everyone (global): SMTP_URL, else the local outbox table. The admin-only
 * dev outbox route is the dev-outbox feature's (app.module.ts adds it outside production); its
 * guard comes from AuthModule, whose AuthService sends mail, so auth imports mail.service.ts
 * directly rather than this folder's index (no import cycle).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage])],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
