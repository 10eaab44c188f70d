import { useEffect, useRef, useState } from 'react';
import { useT, useToast } from '@kasa/ui';
import { messages } from '../../messages';
import { copyText } from '@kasa/ui/clipboard';

/** How long the copy button shows it copied. */
export const COPIED_MS = 2000;

/** Copy with a short "Copied" on the button, a toast when the browser refuses. */
export function useCopy() {
  const t = useT(messages);
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const copy = (text: string, confirm: 'button' | 'toast' = 'button') =>
    copyText(text).then(
      () => {
        if (confirm === 'toast') {
          toast({ title: t('copiedReply') });
          return;
        }
        setCopied(true);
        clearTimeout(timer.current ?? undefined);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      },
      () => toast({ title: t('copyReplyFailed'), variant: 'destructive' }),
    );
  return { copied, copy };
}
