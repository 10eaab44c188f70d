import { sharedPagePath } from '@kasa/contracts';
import { Button, useT, useToast } from '@kasa/ui';
import { copyText } from '@kasa/ui/clipboard';
import { sharedMessages } from './messages';

/** Copies the page's absolute address; when the browser lets no copy happen, the toast shows it. */
export function CopyLinkButton({ shareId }: { shareId: string }) {
  const t = useT(sharedMessages);
  const { toast } = useToast();
  const copy = async () => {
    const url = `${window.location.origin}${sharedPagePath(shareId)}`;
    try {
      await copyText(url);
      toast({ title: t('linkCopied'), description: t('linkCopiedText') });
    } catch {
      toast({ title: t('copyFailed'), description: t('copyFailedText', { url }), variant: 'destructive' });
    }
  };
  return (
    <Button variant="outlined" color="inherit" data-testid="shared-copy-link" onClick={() => void copy()}>
      {t('copyLink')}
    </Button>
  );
}
