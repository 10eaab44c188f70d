import { useState } from 'react';
import { useT, useToast } from '@kasa/ui';
import { downloadFile } from './download';
import { sharedMessages } from './messages';

/** Download with its 'Download failed' toast, and whether a download is under way. */
export function useDownload() {
  const t = useT(sharedMessages);
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);
  const download = async (url: string, baseName: string) => {
    setDownloading(true);
    try {
      await downloadFile(url, baseName);
    } catch {
      toast({ title: t('downloadFailed'), description: t('downloadFailedText'), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading };
}
