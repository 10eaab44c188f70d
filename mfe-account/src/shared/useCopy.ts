import { useCallback } from 'react';
import { useT, useToast } from '@kasa/ui';
import { copyText } from '@kasa/ui/clipboard';
import { commonMessages } from './messages';

/** Copies a text to the clipboard and says whether it worked (@kasa/ui/clipboard: the Clipboard API, else the older copy command). */
export function useCopy(): (text: string) => Promise<void> {
  const t = useT(commonMessages);
  const { toast } = useToast();
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        toast({ title: t('copied'), description: t('copiedText') });
      } catch {
        toast({ title: t('copyFailed'), description: t('copyFailedText'), variant: 'destructive' });
      }
    },
    [t, toast],
  );
}
