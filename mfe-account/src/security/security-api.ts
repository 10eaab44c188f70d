import { apiFetch } from '@kasa/api-client';
import type {
  AuthResponse,
  ChangePasswordRequest,
  TwoFactorBackupCodesResponse,
  TwoFactorDisabledResponse,
  TwoFactorSetupResponse,
} from '@kasa/contracts';

export const changePassword = (body: ChangePasswordRequest) =>
  apiFetch<AuthResponse>('/api/auth/change-password', { method: 'POST', body });

export const setupTwoFactor = () =>
  apiFetch<TwoFactorSetupResponse>('/api/auth/two-factor/setup', { method: 'POST' });

export const confirmTwoFactor = (code: string) =>
  apiFetch<TwoFactorBackupCodesResponse>('/api/auth/two-factor/confirm', { method: 'POST', body: { code } });

export const disableTwoFactor = (code: string) =>
  apiFetch<TwoFactorDisabledResponse>('/api/auth/two-factor/disable', { method: 'POST', body: { code } });

export const renewBackupCodes = (code: string) =>
  apiFetch<TwoFactorBackupCodesResponse>('/api/auth/two-factor/backup-codes', {
    method: 'POST',
    body: { code },
  });

/** Revokes every token of the account, this browser's included (docs/product.md#sessions). */
export const signOutEverywhere = () => apiFetch('/api/auth/logout', { method: 'POST' });
