import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { NotificationPreferencesRepository } from './notification-preferences.repository';
import { NotificationPreferencesService } from './notification-preferences.service';
import { NotificationsController } from './notifications.controller';
import { ProductNewsService } from './product-news.service';

/**
 * Notification e-mails, API side (docs/architecture.md#notification-e-mails): the preferences
 * routes and the product-news route. Apart from MailModule because it needs AuthModule's guards,
 * and AuthModule needs the mail service (see ../mail.module.ts). The mails themselves are sent
 * by NotificationJobsModule's handlers, through NotificationMailer.
 */
@Module({
  imports: [AuthModule],
  controllers: [NotificationsController],
  providers: [NotificationPreferencesRepository, NotificationPreferencesService, ProductNewsService],
})
export class NotificationsModule {}
