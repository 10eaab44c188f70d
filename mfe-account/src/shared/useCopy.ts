import { useCallback } from 'react';
import { useT, useToast } from '@kasa/ui';
import { commonMessages } from './messages';

/** Copies a text to the clipboard and says whether it worked (plain http has no clipboard API). */
export function useCopy(): (text: string) => Promise<void> {
  const t = useT(commonMessages);
  const { toast } = useToast();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        toast({ title: t('copied'), description: t('copiedText') });
      } catch {
        toast({ title: t('copyFailed'), description: t('copyFailedText'), variant: 'destructive' });
      }
    },
    [t, toast],
  );
}
