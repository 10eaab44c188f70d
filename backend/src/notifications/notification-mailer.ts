import { Injectable } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import { NotificationDeliveriesRepository } from './notification-deliveries.repository';
import {
  type NotificationTopic,
  NotificationPreferencesRepository,
} from './notification-preferences.repository';

/** What notify() did: sent it, someone already had, or the user's choice or address stopped it. */
export type NotifyOutcome =
  'sent' | 'duplicate' | 'skipped-preference' | 'skipped-no-email' | 'skipped-no-user';

/** Who the mail goes to, for composing it. */
export interface NotificationRecipient {
  userId: string;
  email: string;
}

/** A notification's subject and text; the mailer fills in the address. */
export interface NotificationContent {
  subject: string;
  text: string;
}

/**
 * The one way notification e-mails leave (docs/architecture.md#notification-e-mails): the user's
 * preference and address are read at send time, and each (user, topic, key) goes out once.
 */
@Injectable()
export class NotificationMailer {
  constructor(
    private readonly preferences: NotificationPreferencesRepository,
    private readonly deliveries: NotificationDeliveriesRepository,
    private readonly mail: MailService,
  ) {}

  /**
   * Sends `compose(recipient)` to the user unless they turned the topic off, have no e-mail, or
   * the mail with this `dedupeKey` was already sent. The delivery row is claimed before sending
   * (INSERT … ON CONFLICT DO NOTHING), so concurrent tries in any process send once; a send that
   * throws gives the claim back and rethrows, so the job's retry can send it.
   */
  async notify(
    userId: string,
    topic: NotificationTopic,
    dedupeKey: string,
    compose: (recipient: NotificationRecipient) => NotificationContent,
  ): Promise<NotifyOutcome> {
    const target = await this.preferences.targetOf(userId, topic);
    if (!target) return 'skipped-no-user';
    if (!target.wanted) return 'skipped-preference';
    if (!target.email) return 'skipped-no-email';
    if (!(await this.deliveries.claim(userId, topic, dedupeKey))) return 'duplicate';
    try {
      const content = compose({ userId, email: target.email });
      await this.mail.send({ to: target.email, subject: content.subject, text: content.text });
    } catch (error) {
      await this.deliveries.release(userId, topic, dedupeKey);
      throw error;
    }
    return 'sent';
  }
}
