import { apiFetch } from '@kasa/api-client';
import type { CurrentUserResponse, UpdateProfileRequest } from '@kasa/contracts';

export const updateProfile = (body: UpdateProfileRequest) =>
  apiFetch<CurrentUserResponse>('/api/auth/profile', { method: 'PUT', body });
