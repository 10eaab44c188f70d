import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useT } from './i18n';
import { uiMessages } from './messages';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long the toast stays, in ms (default 5000). Infinity keeps it until closed. */
  durationMs?: number;
  /** A button or link under the text (the usage-limit toast's way to the subscription page). */
  action?: ReactNode;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'title' | 'variant' | 'durationMs'>> {
  id: number;
  description?: string;
  action?: ReactNode;
}

export interface ToastContextValue {
  /** The toast on screen, if any. Only one shows at a time: a new toast replaces it. */
  current: ToastItem | null;
  toast: (options: ToastOptions) => { id: number; dismiss: () => void };
  dismiss: (id?: number) => void;
  /**
   * Keeps the toast on screen for the next page this tab loads (a full page load, such as the
   * landing entry's way into the application): the next page's provider shows it for the time it
   * had left. A toast with an action is not carried (its action is not data).
   */
  carryToNextPage: () => void;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;

/** sessionStorage: the toast carried to the next page of this tab, with when it ends. */
export const CARRIED_TOAST_STORAGE_KEY = 'kasa-carried-toast';

interface CarriedToast {
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Epoch ms when it leaves the screen. */
  until: number;
}

/** The carried toast, once (it is removed as it is read); none when it has already ended. */
function takeCarriedToast(): Omit<ToastItem, 'id'> | null {
  try {
    const text = sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY);
    if (!text) return null;
    sessionStorage.removeItem(CARRIED_TOAST_STORAGE_KEY);
    const carried = JSON.parse(text) as Partial<CarriedToast>;
    const left = Number(carried.until) - Date.now();
    if (typeof carried.title !== 'string' || !(left > 0)) return null;
    return {
      title: carried.title,
      description: typeof carried.description === 'string' ? carried.description : undefined,
      variant: carried.variant === 'destructive' ? 'destructive' : 'default',
      durationMs: left,
    };
  } catch {
    return null;
  }
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(() => {
    const carried = takeCarriedToast();
    return carried ? { id: 0, ...carried } : null;
  });
  const nextId = useRef(1);
  // When the toast on screen appeared, for the time it has left when carried to the next page.
  const shownAt = useRef(Date.now());

  const dismiss = useCallback((id?: number) => {
    setCurrent((c) => (c && (id === undefined || c.id === id) ? null : c));
  }, []);

  const toast = useCallback(
    (options: ToastOptions) => {
      const id = nextId.current++;
      shownAt.current = Date.now();
      setCurrent({
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'default',
        durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS,
        action: options.action,
      });
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  useEffect(() => {
    if (!current || !Number.isFinite(current.durationMs)) return;
    const timer = setTimeout(() => dismiss(current.id), current.durationMs);
    return () => clearTimeout(timer);
  }, [current, dismiss]);

  // Read when the page is left, which may be by a callback made before this toast rendered.
  const latest = useRef(current);
  latest.current = current;
  const carryToNextPage = useCallback(() => {
    const shown = latest.current;
    if (!shown || shown.action || !Number.isFinite(shown.durationMs)) return;
    const carried: CarriedToast = {
      title: shown.title,
      description: shown.description,
      variant: shown.variant,
      until: shownAt.current + shown.durationMs,
    };
    try {
      sessionStorage.setItem(CARRIED_TOAST_STORAGE_KEY, JSON.stringify(carried));
    } catch {
      /* storage unavailable: the toast stays with this page */
    }
  }, []);

  const value = useMemo(
    () => ({ current, toast, dismiss, carryToNextPage }),
    [current, toast, dismiss, carryToNextPage],
  );
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast() needs a <ToastProvider> (or <KasaUiProvider>) above it');
  return value;
}

/** Renders the single toast. The shell renders exactly one; remotes only call useToast(). */
export function Toaster() {
  const { current, dismiss } = useToast();
  const t = useT(uiMessages);
  const destructive = current?.variant === 'destructive';
  return (
    // At the bottom, above the chat's input bar and the bottom cards (cookie banner, install card),
    // never over a header bar: static.css (.kasa-toaster) anchors it. Static classes: it is on every screen.
    <div role="region" aria-label={t('notifications')} className="kasa-toaster">
      {current && (
        <Box
          key={current.id}
          data-testid="toast"
          data-variant={current.variant}
          role={destructive ? 'alert' : 'status'}
          aria-live={destructive ? 'assertive' : 'polite'}
          sx={{
            pointerEvents: 'auto',
            width: '100%',
            maxWidth: 420,
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1,
            p: 2,
            borderRadius: 2,
            boxShadow: 6,
            border: '2px solid',
            borderColor: destructive ? 'error.main' : 'primary.main',
            bgcolor: destructive ? 'error.main' : 'background.paper',
            color: destructive ? '#ffffff' : 'text.primary',
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ fontWeight: 700 }}>{current.title}</Box>
            {current.description && <Box sx={{ mt: 0.5, fontSize: '0.9rem' }}>{current.description}</Box>}
            {current.action && <Box sx={{ mt: 1 }}>{current.action}</Box>}
          </Box>
          <ButtonBase
            aria-label={t('closeNotification')}
            onClick={() => dismiss(current.id)}
            sx={{ width: 44, height: 44, m: -1, borderRadius: 1, fontSize: '1.5rem', lineHeight: 1 }}
          >
            ×
          </ButtonBase>
        </Box>
      )}
    </div>
  );
}
