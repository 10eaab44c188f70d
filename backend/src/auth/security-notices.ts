import type { Mail } from '../mail/mail.service';
import { mailDate, type MailSite, siteLink } from '../mail/mail-site';

/**
 * The security notices: e-mails about the account itself, sent whatever the notification
 * preferences say (English, like the other mails: the account stores no language).
 */
export type SecurityNotice = Pick<Mail, 'subject' | 'text'>;

/** To the address that was replaced (or removed): the owner learns of a change they did not make. */
export function emailChangedNotice(
  site: MailSite,
  change: { username: string; newEmailHint: string | null; at: Date },
): SecurityNotice {
  const when = `on ${mailDate(change.at)} (UTC ${change.at.toISOString().slice(11, 16)})`;
  const what = change.newEmailHint
    ? `The e-mail address of your ${site.appName} account was changed ${when}: password reset codes now go to ${change.newEmailHint}, no longer to this address.`
    : `The e-mail address of your ${site.appName} account was removed ${when}: the account no longer has an e-mail address, so no password reset code can be sent.`;
  return {
    subject: `Your ${site.appName} e-mail address was ${change.newEmailHint ? 'changed' : 'removed'}`,
    text: [
      `Hello ${change.username},`,
      what,
      'It was confirmed with your password. If that was you, there is nothing to do.',
      `If you did not change it, someone knows your password: sign in at once, change your password and your e-mail address back on the Account page (${siteLink(site, '/account')}), and turn on two-factor sign-in.`,
    ].join('\n\n'),
  };
}

/** To the owner when wrong codes lock the second factor: the password is known to someone. */
export function twoFactorLockedNotice(
  site: MailSite,
  lock: { username: string; failures: number; lockMinutes: number; unlockUrl: string },
): SecurityNotice {
  return {
    subject: `${site.appName}: two-factor sign-in locked after ${lock.failures} wrong codes`,
    text: [
      `Hello ${lock.username},`,
      `Someone entered your password correctly, then ${lock.failures} wrong two-factor codes. To protect your account, two-factor sign-in is locked for ${lock.lockMinutes} minutes: no code is accepted until then, not even a right one.`,
      `If it was you and you want to sign in now, unlock it with this link (it works once, while the lock lasts):\n${lock.unlockUrl}`,
      `If it was not you, your password is known to someone else: once signed in, change it on the Account page (${siteLink(site, '/account')}). Your two-factor codes kept them out.`,
    ].join('\n\n'),
  };
}
