import { Link, useLocation } from 'react-router';
import { useT } from './i18n';
import { uiMessages } from './messages';

type UiMessageKey = keyof (typeof uiMessages)['en'];

export interface NavItem {
  label: UiMessageKey;
  to: string;
  /** Paths (prefixes) on which this item counts as the current page. */
  match: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'navChat', to: '/chat', match: ['/', '/chat'] },
  { label: 'navStudio', to: '/ai-studio', match: ['/ai-studio'] },
  { label: 'navSubscription', to: '/subscription', match: ['/subscription', '/payments'] },
  { label: 'navAccount', to: '/account', match: ['/account'] },
];

function isActive(item: NavItem, pathname: string): boolean {
  return item.match.some((p) =>
    p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`),
  );
}

/**
 * The four areas' links under the page frame's header: static classes (static.css, `.kasa-main-nav`),
 * so they insert no CSS at run time.
 */
export function MainNav() {
  const { pathname } = useLocation();
  const t = useT(uiMessages);
  return (
    <nav aria-label={t('mainNav')} className="kasa-main-nav">
      {NAV_ITEMS.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className="kasa-main-nav-link"
          aria-current={isActive(item, pathname) ? 'page' : undefined}
        >
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
}
