import { Navigate, Route, Routes } from 'react-router';
import type { RemoteName } from '@kasa/contracts';
import { LegalPage } from './LegalPage';
import { RemoteView } from './RemoteView';

/** Spec §2 route table: which remote renders each path. Legal pages stay in the shell. */
export const REMOTE_ROUTES: ReadonlyArray<{ path: string; remote: RemoteName }> = [
  { path: '/', remote: 'chat' },
  { path: '/chat', remote: 'chat' },
  { path: '/ai-studio', remote: 'studio' },
  { path: '/subscription', remote: 'billing' },
  { path: '/payments', remote: 'billing' },
  { path: '/account', remote: 'account' },
];

export function AppRoutes() {
  return (
    <Routes>
      {REMOTE_ROUTES.map(({ path, remote }) => (
        <Route key={path} path={path} element={<RemoteView name={remote} />} />
      ))}
      <Route path="/legal/:page" element={<LegalPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
