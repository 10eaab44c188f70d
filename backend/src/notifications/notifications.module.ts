import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationPreferencesRepository } from './notification-preferences.repository';
import { NotificationPreferencesService } from './notification-preferences.service';
import { NotificationsController } from './notifications.controller';
import { ProductNewsService } from './product-news.service';
import { UsageAlertPublisher } from './usage-alert.publisher';
import { USAGE_ALERT_PORT } from '../usage/usage-alert.port';

/**
 * Notification e-mails, API side (docs/architecture.md#notification-e-mails): the preferences
 * routes and the product-news route. Apart from MailModule because it needs AuthModule's guards,
 * and AuthModule needs the mail service (see ../mail/mail.module.ts). The mails themselves are sent
 * by NotificationJobsModule's handlers, through NotificationMailer.
 *
 * Global for one export: usage's alert port (usage/usage-alert.port.ts), which every feature
 * module importing UsageModule must resolve. The worker has no UsageModule, so needs no port.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [NotificationsController],
  providers: [
    NotificationPreferencesRepository,
    NotificationPreferencesService,
    ProductNewsService,
    { provide: USAGE_ALERT_PORT, useClass: UsageAlertPublisher },
  ],
  exports: [USAGE_ALERT_PORT],
})
export class NotificationsModule {}
