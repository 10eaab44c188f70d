import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** After sign-in or sign-up the user goes to /chat after 500 ms (docs/product.md#landing-and-sign-in). */
export const REDIRECT_AFTER_AUTH_MS = 500;

type ScheduleRedirect = (path: string) => void;

const AuthRedirectContext = createContext<ScheduleRedirect | null>(null);

/**
 * Owns the post-sign-in redirect. It lives above the route table because signing in swaps the
 * route table (the landing page unmounts as soon as the user is known), and the timer must
 * survive that.
 */
export function AuthRedirectProvider({
  children,
  go,
}: {
  children: ReactNode;
  /** How the redirect happens: by default the router, replacing the entry; the landing entry loads the application's page. */
  go?: (path: string) => void;
}) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = useCallback<ScheduleRedirect>(
    (path) => {
      clearTimeout(timer.current);
      const redirect = go ?? ((to: string) => navigate(to, { replace: true }));
      timer.current = setTimeout(() => redirect(path), REDIRECT_AFTER_AUTH_MS);
    },
    [navigate, go],
  );
  return <AuthRedirectContext.Provider value={schedule}>{children}</AuthRedirectContext.Provider>;
}

export function useScheduleRedirect(): ScheduleRedirect {
  const schedule = useContext(AuthRedirectContext);
  if (!schedule) throw new Error('useScheduleRedirect() needs an <AuthRedirectProvider> above it');
  return schedule;
}
