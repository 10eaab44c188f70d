import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../config';
import { MailService } from './mail.service';
import type { OutboxMessage } from './outbox-message.entity';

describe('MailService without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the mail in the outbox and prints it, code included, in the server log for the operator', async () => {
    const saved: unknown[] = [];
    const outbox = {
      create: (mail: object) => mail,
      save: async (mail: object) => {
        saved.push(mail);
        return mail;
      },
    } as unknown as Repository<OutboxMessage>;
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const mail = new MailService({ mailFrom: 'Kasa <no-reply@kasa.local>' } as AppConfig, outbox);

    expect(mail.engine).toBe('outbox');
    await mail.send({
      to: 'amina@example.com',
      subject: 'Kasa password reset code: 042917',
      text: 'Your code is: 042917',
    });

    expect(saved).toEqual([expect.objectContaining({ to: 'amina@example.com' })]);
    const line = logged.mock.calls.map(([message]) => String(message)).join('\n');
    expect(line).toContain('amina@example.com');
    expect(line).toContain('Your code is: 042917');
  });
});
