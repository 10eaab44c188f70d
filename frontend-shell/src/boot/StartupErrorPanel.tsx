import { ErrorPanel, useAppInfo, useT, uiMessages } from '@kasa/ui';

/** The whole-screen panel when the runtime configuration could not be loaded, with Retry. */
export function StartupErrorPanel({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT(uiMessages);
  const { appName } = useAppInfo();
  return (
    <ErrorPanel
      title={t('startFailedTitle', { appName })}
      detail={error.message}
      testId="startup-error-panel"
      retryTestId="startup-retry"
      onRetry={onRetry}
      fullScreen
    />
  );
}
