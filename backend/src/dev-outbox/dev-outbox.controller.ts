import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { OutboxMessage } from '@kasa/contracts';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsEmail } from 'class-validator';
// The guards' own files, not '../auth': the auth module imports the mail service (see ../mail/mail.module.ts).
import { AdminGuard } from '../auth/admin.guard';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { NoStore } from '../common/no-store';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../docs';
import { OutboxResponseDoc } from './dto/dev-outbox.responses';
import { MailService } from '../mail/mail.service';

export class OutboxQuery {
  @ApiProperty({ type: String, format: 'email', description: 'The address the mails were sent to.' })
  @IsEmail({}, { message: 'to must be an e-mail address' })
  to!: string;
}

/**
 * Development only (never registered when NODE_ENV=production): read the local outbox. It holds
 * password-reset codes, so only an administrator (ADMIN_USERNAMES) may read it; everyone else
 * finds the codes where the operator does, in the server log.
 */
@ApiTags('development')
@ApiOtherErrors()
@Controller('dev/outbox')
@UseGuards(JwtAuthGuard, AdminGuard)
@NoStore()
export class DevOutboxController {
  constructor(private readonly mail: MailService) {}

  @Get()
  @ApiOkResponse({ type: OutboxResponseDoc })
  @ApiSignedIn()
  @ApiErrorResponse(403, 'The signed-in account is not an administrator (ADMIN_USERNAMES).')
  @ApiValidationFailed()
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
