import { useAppInfo } from '../app-info';
import { useT } from '../i18n';
import { supportMessages } from './messages';
import { supportLinks } from './support-links';

export interface SupportContactsProps {
  /** 'column': one contact a line (a card, a dialog); 'row': side by side, wrapping (the footer). */
  layout?: 'column' | 'row';
  /** More classes for the list (its place on the page). */
  className?: string;
  testId?: string;
}

/**
 * The operator's support contacts (SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE, from the runtime
 * configuration) as links; nothing when none is configured. Static classes (static.css), not `sx`:
 * the legal footer shows it on the first screen.
 */
export function SupportContacts({
  layout = 'column',
  className,
  testId = 'support-contacts',
}: SupportContactsProps) {
  const { support } = useAppInfo();
  const t = useT(supportMessages);
  const links = supportLinks(support);
  if (!links.length) return null;
  return (
    <ul
      aria-label={t('supportContacts')}
      data-testid={testId}
      className={['kasa-support-list', layout === 'row' && 'kasa-support-list-row', className]
        .filter(Boolean)
        .join(' ')}
    >
      {links.map((link) => (
        <li key={link.channel}>
          <a
            href={link.href}
            className="kasa-support-link"
            data-channel={link.channel}
            // WhatsApp's page opens beside Kasa; mailto: and tel: hand over to the phone's own apps.
            {...(link.channel === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {t('contact', { channel: t(link.channel), value: link.value })}
          </a>
        </li>
      ))}
    </ul>
  );
}
