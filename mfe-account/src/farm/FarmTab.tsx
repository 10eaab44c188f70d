import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FarmProfile } from '@kasa/contracts';
import { Box, Section, useT } from '@kasa/ui';
import { Loadable } from '../shared/Loadable';
import { FARM_PROFILE_QUERY_KEY } from './farm-api';
import { FarmForm } from './FarmForm';
import { ForgetFarm } from './ForgetFarm';
import { farmMessages } from './messages';

/**
 * My farm: where the farm is, what grows and lives on it, its size and the languages spoken
 * (GET /api/farm/profile). Kasa's answers and the rain forecast use it.
 */
export function FarmTab() {
  const t = useT(farmMessages);
  const farm = useQuery<FarmProfile>({ queryKey: FARM_PROFILE_QUERY_KEY });
  // Forgetting starts the form afresh; saving keeps what the user typed.
  const [formGeneration, setFormGeneration] = useState(0);
  return (
    <Section variant="panel" title={t('title')} headingId="farm-title" testId="account-farm">
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {t('why')}
      </Box>
      <Loadable query={farm} testId="farm-error">
        {(profile) => (
          <>
            <FarmForm key={formGeneration} profile={profile} />
            {profile.updatedAt !== null && (
              <ForgetFarm onForgotten={() => setFormGeneration((generation) => generation + 1)} />
            )}
          </>
        )}
      </Loadable>
    </Section>
  );
}
