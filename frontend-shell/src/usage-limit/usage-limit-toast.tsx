import type { ReactNode } from 'react';
import type { UsageLimitErrorBody } from '@kasa/contracts';
import type { ToastOptions, Translate } from '@kasa/ui';
import { usageLimitMessages } from './messages';

/** The usage-limit toast stays 10 s, and the page moves to /subscription after 3 s (docs/product.md#usage-limit). */
export const USAGE_LIMIT_TOAST_MS = 10_000;
export const USAGE_LIMIT_REDIRECT_MS = 3_000;
export const SUBSCRIPTION_PATH = '/subscription';

type UsageLimitKey = keyof (typeof usageLimitMessages)['en'];

/** Voice is counted in seconds and shown in whole minutes (docs/product.md#usage-meters). */
function shownAmount(body: UsageLimitErrorBody, value: number): number {
  return body.feature === 'voiceMinutesPerMonth' ? Math.floor(value / 60) : value;
}

/** The toast for an over-quota 429 (docs/product.md#usage-limit): title, usage line, upgrade or reset line, manage line. */
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
