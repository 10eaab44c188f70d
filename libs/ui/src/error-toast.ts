import { useCallback } from 'react';
import { loadErrorMessages, useErrorText } from './error-text';
import { type ToastOptions, useToast } from './toast';

/** A failure's toast: its title and the rest, with `error` (and the screen's `fallback`) for its text. */
export interface ErrorToastOptions extends Omit<ToastOptions, 'description'> {
  error: unknown;
  fallback?: string;
}

/**
 * `showErrorToast({ title, error, fallback })`: a toast's text is worded once, when it shows, so it
 * waits for the error texts (error-text.ts loads them on demand) instead of falling back to the
 * server's English while they are still on their way. Offline before they were cached, the toast
 * shows at once with what errorText can say without them. Destructive unless told otherwise.
 */
export function useErrorToast(): (options: ErrorToastOptions) => void {
  const { toast } = useToast();
  const errorText = useErrorText();
  return useCallback(
    ({ error, fallback, ...options }: ErrorToastOptions) => {
      const show = () =>
        toast({ variant: 'destructive', ...options, description: errorText(error, fallback) });
      loadErrorMessages().then(show, show);
    },
    [toast, errorText],
  );
}
