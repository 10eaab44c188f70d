/** The account page's tabs, in order; the selected one is kept in the address (?tab=) so a reload keeps it. */
export const ACCOUNT_TABS = [
  'overview',
  'profile',
  'farm',
  'subscription',
  'security',
  'preferences',
  'shared-links',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export function parseTab(value: string | null): AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : 'overview';
}
