import { useQuery } from '@tanstack/react-query';
import type { AccountSecurity } from '@kasa/contracts';
import { SECURITY_QUERY_KEY } from './account-api';

/** `enabled` false: not fetched yet (a form that needs it only in some cases). */
export function useSecurity(enabled = true) {
  return useQuery<AccountSecurity>({ queryKey: SECURITY_QUERY_KEY, enabled });
}
