// Paths and query keys the account page's tabs share. Queries read through the default query
// function (GET of the key joined with '/'); mutations through apiFetch.
export const SECURITY_QUERY_KEY = ['/api/auth/security'] as const;
