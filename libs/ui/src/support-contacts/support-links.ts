import type { SupportContacts } from '@kasa/contracts';

export type SupportChannel = 'email' | 'whatsapp' | 'phone';

export interface SupportLink {
  channel: SupportChannel;
  /** mailto:, https://wa.me/ (WhatsApp's click-to-chat link, digits only) or tel:. */
  href: string;
  /** The address or number as the operator wrote it. */
  value: string;
}

/** The configured contacts as links, e-mail first; none when the operator set none. */
export function supportLinks(support: SupportContacts): SupportLink[] {
  const links: SupportLink[] = [];
  if (support.email) links.push({ channel: 'email', href: `mailto:${support.email}`, value: support.email });
  if (support.whatsapp)
    links.push({
      channel: 'whatsapp',
      href: `https://wa.me/${support.whatsapp.replace(/\D/g, '')}`,
      value: support.whatsapp,
    });
  if (support.phone) links.push({ channel: 'phone', href: `tel:${support.phone}`, value: support.phone });
  return links;
}

export function hasSupportContacts(support: SupportContacts): boolean {
  return supportLinks(support).length > 0;
}
