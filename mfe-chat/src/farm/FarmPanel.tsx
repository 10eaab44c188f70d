// The farm's part of a new chat's welcome panel (loaded once the screen is idle): the rain
// forecast when the farm has a place, else the invitation to describe it. Nothing while the
// profile is unknown (offline with nothing saved, or its request failed): no card says something
// it cannot back.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { FarmProfile } from '@kasa/contracts';
import { lazyOrNothing } from '../shared/lazy-or-nothing';
import { FARM_PROFILE_QUERY_KEY, forecastQuery } from './farm-api';
import { FarmSetupCard, setupDismissed } from './FarmSetupCard';

// Its own chunk: a farm without a place (every new account) never downloads the forecast's code.
const ForecastCard = lazyOrNothing(() => import('./ForecastCard'));

/** The profile changes only in Account → My farm: read again when the chat opens after a while. */
const PROFILE_STALE_MS = 5 * 60_000;

export default function FarmPanel({ onAsk }: { onAsk: (question: string) => void }) {
  const profile = useQuery<FarmProfile>({ queryKey: FARM_PROFILE_QUERY_KEY, staleTime: PROFILE_STALE_MS });
  const [dismissed, setDismissed] = useState(setupDismissed);
  if (!profile.data) return null;
  const query = forecastQuery(profile.data);
  if (query)
    return (
      <Suspense fallback={null}>
        <ForecastCard profile={profile.data} query={query} onAsk={onAsk} />
      </Suspense>
    );
  if (dismissed) return null;
  return <FarmSetupCard onDismiss={() => setDismissed(true)} />;
}
