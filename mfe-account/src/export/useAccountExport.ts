import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportStatus, AccountExportView } from '@kasa/contracts';
import { LATEST_EXPORT_QUERY_KEY, exportQueryKey, fetchLatestExport, startExport } from './export-api';

/** The export is polled every second while the worker builds it. */
export const EXPORT_POLL_MS = 1000;

const RUNNING: readonly AccountExportStatus[] = ['queued', 'running'];
export const isRunning = (view: AccountExportView | null | undefined) =>
  !!view && RUNNING.includes(view.status);

/**
 * The export the page shows: the one just started, else the latest one (so a reload resumes a
 * running export or shows a recent link). Polled until it is completed, failed or expired.
 */
export function useAccountExport() {
  const queryClient = useQueryClient();
  const [startedId, setStartedId] = useState<string | null>(null);

  const latest = useQuery({
    queryKey: LATEST_EXPORT_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const view = await fetchLatestExport(signal);
      // Seed the per-id entry: the poll below starts from this answer instead of asking again.
      if (view) queryClient.setQueryData(exportQueryKey(view.id), view);
      return view;
    },
  });

  const id = startedId ?? latest.data?.id ?? null;
  const current = useQuery<AccountExportView>({
    queryKey: exportQueryKey(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? EXPORT_POLL_MS : false),
  });

  const start = useMutation({
    mutationFn: startExport,
    onSuccess: ({ export: view }) => {
      queryClient.setQueryData(exportQueryKey(view.id), view);
      setStartedId(view.id);
    },
  });

  return { latest, current, start, view: id ? current.data : undefined };
}
