import { useQuery } from '@tanstack/react-query';
import type { BillingHistoryResponse } from '@kasa/contracts';
import { BILLING_HISTORY_QUERY_KEY } from './subscription-api';

export function useBillingHistory() {
  return useQuery<BillingHistoryResponse>({ queryKey: BILLING_HISTORY_QUERY_KEY });
}
