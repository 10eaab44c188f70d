import { Controller, Get, Query } from '@nestjs/common';
import type { OutboxMessage } from '@kasa/contracts';
import { IsEmail } from 'class-validator';
import { MailService } from './mail.service';

export class OutboxQuery {
  @IsEmail({}, { message: 'to must be an e-mail address' })
  to!: string;
}

/** Development only (never registered when NODE_ENV=production): read the local outbox. */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly mail: MailService) {}

  @Get()
  async list(@Query() query: OutboxQuery): Promise<{ messages: OutboxMessage[] }> {
    const messages = await this.mail.listOutbox(query.to);
    return {
      messages: messages.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }
}
