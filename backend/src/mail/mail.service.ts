import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { OutboxMessage } from './outbox-message.entity';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail over SMTP when SMTP_URL is set; otherwise stores it in the local outbox (and logs it). */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('MailService');
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
  ) {
    if (config.smtpUrl) this.transport = createTransport(config.smtpUrl);
  }

  get engine(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    await this.outbox.save(this.outbox.create(mail));
    this.logger.log(`Outbox (no SMTP_URL): to=${mail.to} subject="${mail.subject}"\n${mail.text}`);
  }

  /** The local outbox's mails to one address, newest first. */
  listOutbox(to: string, limit = 20): Promise<OutboxMessage[]> {
    return this.outbox
      .createQueryBuilder('m')
      .where('lower(m.to) = lower(:to)', { to })
      .orderBy('m.createdAt', 'DESC')
      .limit(limit)
      .getMany();
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
