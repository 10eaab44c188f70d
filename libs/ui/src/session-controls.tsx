import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the shared header needs from the session, provided by the shell (which owns sign-in).
 * A remote running standalone has no provider, so its header shows no Logout button at all
 * rather than one that does nothing.
 */
export interface SessionControls {
  username: string;
  signOut: () => Promise<void> | void;
}

const SessionControlsContext = createContext<SessionControls | null>(null);

export function SessionControlsProvider({
  value,
  children,
}: {
  value: SessionControls | null;
  children: ReactNode;
}) {
  return <SessionControlsContext.Provider value={value}>{children}</SessionControlsContext.Provider>;
}

/** The signed-in session's controls, or null when nobody is signed in (or no shell is around). */
export function useSessionControls(): SessionControls | null {
  return useContext(SessionControlsContext);
}
