import type { ReactNode } from 'react';
import type { UsageLimitErrorBody } from '@kasa/contracts';
import type { ToastOptions, Translate } from '@kasa/ui';
import { usageLimitMessages } from './messages';

/** Spec §9: the usage-limit toast stays 10 s, and the page moves to /subscription after 3 s. */
export const USAGE_LIMIT_TOAST_MS = 10_000;
export const USAGE_LIMIT_REDIRECT_MS = 3_000;
export const SUBSCRIPTION_PATH = '/subscription';

type UsageLimitKey = keyof (typeof usageLimitMessages)['en'];

/** Voice is counted in seconds and shown in whole minutes (spec §9). */
function shownAmount(body: UsageLimitErrorBody, value: number): number {
  return body.feature === 'voiceMinutesPerMonth' ? Math.floor(value / 60) : value;
}

/** The spec §8 toast for an over-quota 429: title, usage line, upgrade or reset line, manage line. */
export function usageLimitToast(
  body: UsageLimitErrorBody,
  t: Translate<UsageLimitKey>,
  action: ReactNode,
): ToastOptions {
  const feature = t(body.feature);
  const lines = [
    t('used', {
      current: shownAmount(body, body.current),
      limit: shownAmount(body, body.limit),
      featureLower: feature.toLocaleLowerCase(),
    }),
    t(body.upgradeRequired ? 'upgrade' : 'resetsNextMonth'),
    t('manage'),
  ];
  return {
    title: t('title', { feature }),
    description: lines.join(' '),
    variant: 'destructive',
    durationMs: USAGE_LIMIT_TOAST_MS,
    action,
  };
}
