/** Leaves the app for a payment provider's page (its own module so tests can watch it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
