// The account page's calls, one place for their paths and query keys. Queries read through the
// default query function (GET of the key joined with '/'); mutations through apiFetch.
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@kasa/api-client';
import { COOKIE_SESSION_STORAGE_KEY } from '@kasa/contracts';
import type {
  AccountExportResponse,
  AccountExportView,
  AccountSecurity,
  AuthResponse,
  BillingHistoryResponse,
  ChangePasswordRequest,
  CurrentUserResponse,
  DeleteAccountRequest,
  DeleteAccountResponse,
  NotificationSettingsResponse,
  SubscriptionStatus,
  TwoFactorBackupCodesResponse,
  TwoFactorDisabledResponse,
  TwoFactorSetupResponse,
  UpdateNotificationPreferencesRequest,
  UpdateProfileRequest,
} from '@kasa/contracts';

/** Same key as the subscription page: both pages share one cached status. */
export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription/status'] as const;
export const SECURITY_QUERY_KEY = ['/api/auth/security'] as const;
export const BILLING_HISTORY_QUERY_KEY = ['/api/account/billing-history'] as const;
export const NOTIFICATIONS_QUERY_KEY = ['/api/account/notifications'] as const;
export const LATEST_EXPORT_QUERY_KEY = ['/api/account/export/latest'] as const;
export const exportQueryKey = (id: string) => ['/api/account/export', id] as const;

/** Usage meters refresh every 30 seconds (docs/product.md#usage-meters). */
export const STATUS_REFRESH_MS = 30_000;

export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** `enabled` false: not fetched yet (a form that needs it only in some cases). */
export function useSecurity(enabled = true) {
  return useQuery<AccountSecurity>({ queryKey: SECURITY_QUERY_KEY, enabled });
}

export function useBillingHistory() {
  return useQuery<BillingHistoryResponse>({ queryKey: BILLING_HISTORY_QUERY_KEY });
}

export function useNotificationSettings() {
  return useQuery<NotificationSettingsResponse>({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

export const updateProfile = (body: UpdateProfileRequest) =>
  apiFetch<CurrentUserResponse>('/api/auth/profile', { method: 'PUT', body });

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

/** Revokes every token of the account, this browser's included (DESIGN decision 6). */
export const signOutEverywhere = () => apiFetch('/api/auth/logout', { method: 'POST' });

export const deleteAccount = (body: DeleteAccountRequest) =>
  apiFetch<DeleteAccountResponse>('/api/account', { method: 'DELETE', body });

export const updateNotifications = (body: UpdateNotificationPreferencesRequest) =>
  apiFetch<NotificationSettingsResponse>('/api/account/notifications', { method: 'PUT', body });

/** The shell's cookie-consent session of this page load, so account.json includes its choices. */
function cookieSessionId(): string | undefined {
  try {
    return sessionStorage.getItem(COOKIE_SESSION_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export const startExport = () => {
  const session = cookieSessionId();
  return apiFetch<AccountExportResponse>('/api/account/export', {
    method: 'POST',
    body: session ? { cookieSessionId: session } : {},
  });
};

/** The user's most recent export, or null when there is none yet (the API answers 404). */
export async function fetchLatestExport(signal?: AbortSignal): Promise<AccountExportView | null> {
  try {
    return await apiFetch<AccountExportView>(LATEST_EXPORT_QUERY_KEY[0], { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
