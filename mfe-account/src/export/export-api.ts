import { ApiError, apiFetch } from '@kasa/api-client';
import { COOKIE_SESSION_STORAGE_KEY } from '@kasa/contracts';
import type { AccountExportResponse, AccountExportView } from '@kasa/contracts';

export const LATEST_EXPORT_QUERY_KEY = ['/api/account/export/latest'] as const;
export const exportQueryKey = (id: string) => ['/api/account/export', id] as const;

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
