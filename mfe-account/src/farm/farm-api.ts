import { apiFetch } from '@kasa/api-client';
import {
  emptyFarmProfile,
  FARM_PROFILE_PATH,
  type FarmProfile,
  type UpdateFarmProfileRequest,
} from '@kasa/contracts';

/** GET /api/farm/profile through the default query function. */
export const FARM_PROFILE_QUERY_KEY = [FARM_PROFILE_PATH] as const;

/** PUT replaces the whole profile and answers it as stored. */
export const saveFarmProfile = (body: UpdateFarmProfileRequest) =>
  apiFetch<FarmProfile>(FARM_PROFILE_PATH, { method: 'PUT', body });

/** DELETE answers 204; the profile is empty again afterwards. */
export const forgetFarmProfile = () => apiFetch<void>(FARM_PROFILE_PATH, { method: 'DELETE' });

/** What GET answers before the first save, and after a DELETE. */
export const EMPTY_FARM_PROFILE: FarmProfile = emptyFarmProfile();

/** The profile as a PUT body: everything but the server's timestamp. */
export function requestOf({ updatedAt: _updatedAt, ...request }: FarmProfile): UpdateFarmProfileRequest {
  return request;
}
