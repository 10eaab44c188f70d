import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { apiFetch } from './api';

/** The query key parts joined with '/' form the GET path: ['/api/chat/conversations', id]. */
export function queryKeyToPath(queryKey: QueryKey): string {
  return queryKey
    .filter((part) => part !== undefined && part !== null && part !== '')
    .map((part, i) => {
      const s = String(part);
      return i === 0 ? s.replace(/\/+$/, '') : s.replace(/^\/+|\/+$/g, '');
    })
    .join('/');
}

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiFetch(queryKeyToPath(queryKey), { signal });

/** The data-cache defaults (docs/product.md#api-conventions): no retry, never stale, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
