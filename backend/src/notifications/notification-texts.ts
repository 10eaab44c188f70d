import { type PaymentMethod, USAGE_FEATURE_NAMES, USAGE_WARNING_PERCENT } from '@kasa/contracts';
import { mailDate, type MailSite, siteLink } from '../mail/mail-site';
import { nextPeriodStart } from '../usage/usage-period';
import type { NotificationContent } from './notification-mailer';
import type { UsageAlertJob } from './jobs/notification.job-types';

/**
 * The notification e-mails' texts (English: the account stores no language). Links come from
 * siteLink (../mail/mail-site.ts): absolute when PUBLIC_URL is set, else the app's path.
 */
function footer(site: MailSite): string {
  return `You can choose which e-mails ${site.appName} sends you on the Account page, Preferences, Notifications: ${siteLink(site, '/account')}`;
}

/** Voice is counted in seconds and shown in whole minutes, like the meters. */
function shown(feature: UsageAlertJob['feature'], amount: number): number {
  return feature === 'voiceMinutesPerMonth' ? Math.floor(amount / 60) : amount;
}

export function usageAlertMail(site: MailSite, alert: UsageAlertJob): NotificationContent {
  const name = USAGE_FEATURE_NAMES[alert.feature];
  const percent = Math.floor((alert.used * 100) / alert.limit);
  const resets = nextPeriodStart(new Date(`${alert.period}T00:00:00.000Z`));
  return {
    subject: `${site.appName}: you have used ${USAGE_WARNING_PERCENT} % of your ${name} this month`,
    text: [
      `You have used ${shown(alert.feature, alert.used)} of your ${shown(alert.feature, alert.limit)} ${name} this month (${percent} %).`,
      `Your usage resets on ${mailDate(resets)}. Once the limit is reached, ${name} stops until then.`,
      `Need more? Upgrade to Pro: ${siteLink(site, '/subscription')}`,
      footer(site),
    ].join('\n\n'),
  };
}

export function proEndingMail(
  site: MailSite,
  ending: { periodEnd: Date; method: PaymentMethod },
): NotificationContent {
  const date = mailDate(ending.periodEnd);
  const renew =
    ending.method === 'card'
      ? `Your card subscription was cancelled, so it will not renew. To keep Pro, subscribe again: ${siteLink(site, '/subscription')}`
      : `Mobile money passes do not renew by themselves. To keep Pro, buy another 30-day pass: ${siteLink(site, '/subscription')}`;
  return {
    subject: `${site.appName} Pro ends on ${date}`,
    text: [
      `Your ${site.appName} Pro plan ends on ${date}.`,
      `After that your account goes back to the Basic plan and its monthly limits. Your conversations and files stay.`,
      renew,
      footer(site),
    ].join('\n\n'),
  };
}

export function productNewsMail(
  site: MailSite,
  news: { subject: string; text: string },
): NotificationContent {
  return { subject: news.subject, text: [news.text, footer(site)].join('\n\n') };
}
