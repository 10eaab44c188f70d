import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { OutboxMessage } from '@kasa/contracts';

@ApiSchema({ name: 'OutboxMessage', description: 'A mail kept in the local outbox (no SMTP_URL).' })
export class OutboxMessageDoc implements Required<OutboxMessage> {
  @ApiProperty({ type: String, format: 'email' })
  to: string;

  @ApiProperty({ type: String })
  subject: string;

  @ApiProperty({ type: String })
  text: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

@ApiSchema({ name: 'OutboxResponse', description: 'The mails sent to one address, newest first.' })
export class OutboxResponseDoc {
  @ApiProperty({ type: () => [OutboxMessageDoc] })
  messages: OutboxMessageDoc[];
}
