import { Link } from 'react-router';
import { useAppInfo } from './app-info';

/**
 * The product name at the left of every header, linking home (44 px tall: a thumb-sized target).
 * A static class (static.css), not `sx`: it is on every first screen.
 */
export function BrandHomeLink({ className }: { className?: string }) {
  const { appName } = useAppInfo();
  return (
    <Link to="/" className={className ? `kasa-brand ${className}` : 'kasa-brand'}>
      {appName}
    </Link>
  );
}
