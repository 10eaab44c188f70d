import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../common/clock';
import { MailService } from '../../mail/mail.service';
import { OutboxMessage } from '../../mail/outbox-message.entity';
import { NotificationDeliveriesRepository } from '../notification-deliveries.repository';
import { NotificationMailer } from '../notification-mailer';
import { NotificationPreferencesRepository } from '../notification-preferences.repository';
import { ProEndingScan } from '../pro-ending-scan';
import { ProEndingRepository } from '../pro-ending.repository';
import { NotificationJobs } from './notification.job';
import { ProEndingSchedule } from './pro-ending-schedule';

/**
 * The notification e-mails' job handlers (worker.module.ts) and the hourly Pro-ending schedule.
 * The worker process has no MailModule (the API imports that global one) and no clock:
 * this module brings its own MailService and the ClockModule.
 */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([OutboxMessage])],
  providers: [
    MailService,
    NotificationPreferencesRepository,
    NotificationDeliveriesRepository,
    NotificationMailer,
    ProEndingRepository,
    ProEndingScan,
    NotificationJobs,
    ProEndingSchedule,
  ],
})
export class NotificationJobsModule {}
