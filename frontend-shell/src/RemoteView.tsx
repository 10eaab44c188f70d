import {
  Component,
  startTransition,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import type { RemoteName } from '@kasa/contracts';
import { ErrorPanel } from '@kasa/ui';
import { useRemoteRegistry } from './remote-loader';

export const REMOTE_LABELS: Record<RemoteName, string> = {
  chat: 'Chat',
  studio: 'AI Studio',
  billing: 'Subscription',
  account: 'Account',
};

class RenderErrorBoundary extends Component<
  { onError: (error: Error) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A remote failed while rendering', error, info.componentStack);
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

type State =
  { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'error'; error: Error };

function RemoteLoading({ name }: { name: RemoteName }) {
  return (
    <div data-testid="remote-loading" role="status" aria-live="polite" className="kasa-remote-loading">
      Loading {REMOTE_LABELS[name]}...
    </div>
  );
}

/**
 * Loads one remote's App (only when its route is visited) and renders it. A failed load
 * (manifest 404, network, script error) or a render error shows the error panel; Retry forces a
 * fresh fetch of the remote.
 */
export function RemoteView({ name }: { name: RemoteName }) {
  const registry = useRemoteRegistry();
  const cached = registry.peek(name);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() =>
    cached ? { status: 'ready', Component: cached } : { status: 'loading' },
  );
  const [shownFor, setShownFor] = useState<{ name: RemoteName; attempt: number }>({ name, attempt });

  // A different remote on the same element (route change): start from its cache or loading.
  if (shownFor.name !== name || shownFor.attempt !== attempt) {
    setShownFor({ name, attempt });
    const c = attempt === 0 ? registry.peek(name) : undefined;
    setState(c ? { status: 'ready', Component: c } : { status: 'loading' });
  }

  useEffect(() => {
    let cancelled = false;
    registry.load(name, attempt > 0).then(
      (Loaded) => {
        if (cancelled) return;
        // A transition: React renders the remote's first screen in slices, so a slow phone keeps
        // answering input while a whole area mounts (it is ~100 ms of work at 4x CPU slowdown).
        startTransition(() =>
          setState((s) =>
            s.status === 'ready' && s.Component === Loaded ? s : { status: 'ready', Component: Loaded },
          ),
        );
      },
      (error: unknown) => {
        console.error(`The ${name} remote could not load`, error);
        if (!cancelled)
          setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [registry, name, attempt]);

  useEffect(() => {
    if (state.status === 'ready') registry.markShown(name);
  }, [registry, name, state.status]);

  const onRenderError = useCallback((error: Error) => setState({ status: 'error', error }), []);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  if (state.status === 'error') {
    return (
      <ErrorPanel
        title="This part of Kasa could not load"
        message={`${REMOTE_LABELS[name]} needs a connection to load. Check your internet connection, then try again.`}
        detail={state.error.message}
        onRetry={retry}
        fullScreen
        secondaryAction={
          name === 'chat' ? undefined : (
            <Box
              component={Link}
              to="/chat"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: 44,
                color: 'text.primary',
                fontWeight: 600,
              }}
            >
              Back to Chat
            </Box>
          )
        }
      />
    );
  }
  if (state.status === 'loading') return <RemoteLoading name={name} />;
  const Loaded = state.Component;
  // `remote-<name>` marks a mounted remote (never the loading or error state): e2e tests and
  // support read it to tell which area is on screen.
  return (
    <div data-testid={`remote-${name}`} data-remote={name}>
      <RenderErrorBoundary key={`${name}:${attempt}`} onError={onRenderError}>
        <Loaded />
      </RenderErrorBoundary>
    </div>
  );
}
