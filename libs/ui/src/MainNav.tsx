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

export interface MainNavProps {
  /**
   * 'header': a row of tabs under a page's yellow header (PageFrame). 'sidebar': the same links as
   * a two-by-two grid on the chat's sidebar, whose top bar has no room for a row of tabs.
   */
  placement?: 'header' | 'sidebar';
}

/**
 * The four areas' links, the same on every screen: static classes (static.css, `.kasa-main-nav`),
 * so they insert no CSS at run time.
 */
export function MainNav({ placement = 'header' }: MainNavProps) {
  const { pathname } = useLocation();
  const t = useT(uiMessages);
  return (
    <nav
      aria-label={t('mainNav')}
      data-testid="main-nav"
      className={placement === 'sidebar' ? 'kasa-main-nav kasa-main-nav-sidebar' : 'kasa-main-nav'}
    >
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
