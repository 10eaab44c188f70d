/**
 * What every e-mail text needs of the site, shared by the notification e-mails and the account's
 * security notices (auth/security-notices.ts). Links are absolute when PUBLIC_URL is set, else
 * the app's path (what the user opens in Kasa).
 */
export interface MailSite {
  appName: string;
  publicUrl?: string;
}

export function siteLink(site: MailSite, path: string): string {
  return site.publicUrl ? `${site.publicUrl.replace(/\/+$/, '')}${path}` : path;
}

/** '1 February 2031': a date no reader misreads (day and month order differ between countries). */
export function mailDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}
