// The subscription tab's own call; the plan and usage come from @kasa/api-client's shared
// subscription-status query.
export const BILLING_HISTORY_QUERY_KEY = ['/api/account/billing-history'] as const;
