import type { MailService } from '../mail/mail.service';
import type { NotificationDeliveriesRepository } from './notification-deliveries.repository';
import { NotificationMailer } from './notification-mailer';
import type {
  NotificationPreferencesRepository,
  NotificationTarget,
} from './notification-preferences.repository';

/** In-memory stand-ins for the two tables and the mail transport. */
function setUp(target: NotificationTarget | null, send: () => Promise<void> = async () => undefined) {
  const claimed = new Set<string>();
  const sent: string[] = [];
  const preferences = { targetOf: async () => target } as unknown as NotificationPreferencesRepository;
  const deliveries = {
    claim: async (userId: string, topic: string, key: string) => {
      const id = `${userId}/${topic}/${key}`;
      if (claimed.has(id)) return false;
      claimed.add(id);
      return true;
    },
    release: async (userId: string, topic: string, key: string) => {
      claimed.delete(`${userId}/${topic}/${key}`);
    },
  } as unknown as NotificationDeliveriesRepository;
  const mail = {
    send: async (message: { to: string; subject: string }) => {
      await send();
      sent.push(`${message.to}: ${message.subject}`);
    },
  } as unknown as MailService;
  return { mailer: new NotificationMailer(preferences, deliveries, mail), claimed, sent };
}

const compose = () => ({ subject: 'Hello', text: 'Body' });

describe('NotificationMailer.notify', () => {
  it('sends once per key; the same key again is a duplicate', async () => {
    const { mailer, sent } = setUp({ email: 'amina@example.com', wanted: true });
    expect(await mailer.notify('u1', 'usageAlerts', 'k', compose)).toBe('sent');
    expect(await mailer.notify('u1', 'usageAlerts', 'k', compose)).toBe('duplicate');
    expect(await mailer.notify('u1', 'usageAlerts', 'other', compose)).toBe('sent');
    expect(sent).toEqual(['amina@example.com: Hello', 'amina@example.com: Hello']);
  });

  it('skips, claiming nothing, when the topic is off, there is no address or no user', async () => {
    for (const [target, outcome] of [
      [{ email: 'amina@example.com', wanted: false }, 'skipped-preference'],
      [{ email: null, wanted: true }, 'skipped-no-email'],
      [null, 'skipped-no-user'],
    ] as const) {
      const { mailer, claimed, sent } = setUp(target);
      expect(await mailer.notify('u1', 'proEnding', 'k', compose)).toBe(outcome);
      expect([claimed.size, sent.length]).toEqual([0, 0]);
    }
  });

  it('gives the claim back when sending fails, so a retry sends it', async () => {
    let fail = true;
    const { mailer, claimed, sent } = setUp({ email: 'amina@example.com', wanted: true }, async () => {
      if (fail) throw new Error('SMTP down');
    });
    await expect(mailer.notify('u1', 'productNews', 'n1', compose)).rejects.toThrow('SMTP down');
    expect(claimed.size).toBe(0);
    fail = false;
    expect(await mailer.notify('u1', 'productNews', 'n1', compose)).toBe('sent');
    expect(sent).toHaveLength(1);
  });
});
