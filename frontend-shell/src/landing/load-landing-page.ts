import type * as LandingPageModule from './LandingPage';

let landingPage: Promise<typeof LandingPageModule> | undefined;

/**
 * The landing page's chunk in the application (src/routes.tsx), requested once. The application
 * starts it at once for a visitor without a stored token (src/bootstrap.tsx): who gets the
 * application signed out (the data saver on, a landing script that failed to load) then waits for
 * no extra round trip after the session check.
 */
export function loadLandingPage(): Promise<typeof LandingPageModule> {
  landingPage ??= import('./LandingPage');
  return landingPage;
}
