import { LOCALES, type Language } from '@kasa/ui';

const DAY_MS = 86_400_000;

/** Whole calendar days (UTC, like formatLongDate) from `iso` to `now`: 0 today, 1 yesterday. */
export function calendarDaysAgo(iso: string, now: Date = new Date()): number {
  const then = new Date(iso);
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Math.round((day(now) - day(then)) / DAY_MS);
}

/** '24 Nov 2026, 14:05' / '24 nov. 2026, 14:05' in the user's own time zone (a deadline to act by). */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' });
}
