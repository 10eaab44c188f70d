import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Box, Button, useErrorText, useT } from '@kasa/ui';
import { commonMessages } from './messages';

/**
 * A query's three states in one place: loading text, the failure in words with Retry, or the
 * content. Nothing fails silently.
 */
export function Loadable<T>({
  query,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT(commonMessages);
  const errorText = useErrorText(query.error);
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending && !query.isError) {
    return (
      <Box component="p" role="status" sx={{ color: 'text.secondary', m: 0 }}>
        {t('loading')}
      </Box>
    );
  }
  return (
    <Box role="alert" data-testid={testId}>
      <Box component="p" sx={{ mt: 0 }}>
        {errorText(query.error, t('loadFailed'))}
      </Box>
      <Button
        variant="outlined"
        color="inherit"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {t('retry')}
      </Button>
    </Box>
  );
}
