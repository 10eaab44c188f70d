import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FarmProfile, UpdateFarmProfileRequest } from '@kasa/contracts';
import type { FarmCoordinates } from './current-location';
import { EMPTY_FARM_PROFILE, FARM_PROFILE_QUERY_KEY, requestOf, saveFarmProfile } from './farm-api';

/** PUT the whole profile; the answer becomes the cached profile. */
export function useSaveFarmProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateFarmProfileRequest) => saveFarmProfile(request),
    onSuccess: (profile) => queryClient.setQueryData(FARM_PROFILE_QUERY_KEY, profile),
  });
}

/**
 * Saves new coordinates (or none) at once, with the rest of the profile as last saved: consent to
 * share a location is its own act, and unsaved edits in the form are not saved behind the user's
 * back. The form's own Save then sends these coordinates along.
 */
export function useSaveFarmLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: FarmCoordinates) => {
      const saved = queryClient.getQueryData<FarmProfile>(FARM_PROFILE_QUERY_KEY) ?? EMPTY_FARM_PROFILE;
      return saveFarmProfile({ ...requestOf(saved), ...location });
    },
    onSuccess: (profile) => queryClient.setQueryData(FARM_PROFILE_QUERY_KEY, profile),
  });
}
