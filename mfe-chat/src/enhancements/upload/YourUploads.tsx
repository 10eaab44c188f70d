// The user's uploaded files in the upload dialog, behind a toggle (nothing is fetched until it is
// opened: data is dear): each with how the reading of its text stands (and which pages of a scan
// were skipped), and a delete button that asks once before removing the file and its text.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadRecord } from '@kasa/contracts';
import { Box, Button, useErrorText, useT } from '@kasa/ui';
import { uploadQueryKey } from '../../shared/attachments/upload-query';
import { IconButton } from '../../shared/ui/IconButton';
import { TrashIcon } from '../../shared/ui/icons';
import { extractionStatus, skippedPages } from './extraction-status';
import { deleteUpload, UPLOADS_QUERY_KEY } from './uploads-api';
import { uploadMessages } from './upload-messages';

export function YourUploads() {
  const t = useT(uploadMessages);
  const [open, setOpen] = useState(false);
  const uploads = useQuery<UploadRecord[]>({ queryKey: UPLOADS_QUERY_KEY, enabled: open });
  return (
    <Box sx={{ mt: 2 }} data-testid="your-uploads">
      <Button
        variant="text"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        sx={{ minHeight: 44, px: 0 }}
      >
        {open ? t('hideFiles') : t('yourFiles')}
      </Button>
      {open &&
        (uploads.isPending ? (
          <Box component="p" sx={{ color: 'text.secondary' }}>
            {t('loadingFiles')}
          </Box>
        ) : uploads.isError ? (
          <Box component="p" role="alert" sx={{ color: 'error.main' }}>
            {t('filesFailed')}
          </Box>
        ) : uploads.data.length === 0 ? (
          <Box component="p" sx={{ color: 'text.secondary' }}>
            {t('noFiles')}
          </Box>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {uploads.data.map((upload) => (
              <UploadItem key={upload.id} upload={upload} />
            ))}
          </Box>
        ))}
    </Box>
  );
}

function UploadItem({ upload }: { upload: UploadRecord }) {
  const t = useT(uploadMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const removal = useMutation({
    mutationFn: () => deleteUpload(upload.id),
    onSuccess: () => {
      queryClient.setQueryData<UploadRecord[]>(UPLOADS_QUERY_KEY, (list) =>
        list?.filter((each) => each.id !== upload.id),
      );
      queryClient.removeQueries({ queryKey: uploadQueryKey(upload.id) });
    },
  });
  const file = upload.originalName;
  const skipped = skippedPages(upload.extraction, t);
  return (
    <Box
      component="li"
      data-testid="your-upload"
      sx={{ borderBottom: '1px solid', borderColor: 'divider', pb: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 }}>
            {file}
          </Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
            {extractionStatus(upload.extraction, t, errorText)}
          </Box>
        </Box>
        {!confirming && (
          <IconButton label={t('deleteFile', { file })} onClick={() => setConfirming(true)}>
            <TrashIcon />
          </IconButton>
        )}
      </Box>
      {skipped && (
        <Box data-testid="pages-skipped" sx={{ color: 'text.secondary', fontSize: '0.9rem', mt: 0.5 }}>
          {skipped}
        </Box>
      )}
      {confirming && (
        <Box
          role="group"
          aria-label={t('confirmDelete', { file })}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}
        >
          <Box component="span">{t('confirmDelete', { file })}</Box>
          <Button
            variant="contained"
            color="error"
            disabled={removal.isPending}
            onClick={() => removal.mutate()}
            sx={{ minHeight: 44 }}
          >
            {removal.isPending ? t('deleting') : t('yesDelete')}
          </Button>
          <Button disabled={removal.isPending} onClick={() => setConfirming(false)} sx={{ minHeight: 44 }}>
            {t('keep')}
          </Button>
        </Box>
      )}
      {removal.isError && (
        <Box role="alert" sx={{ color: 'error.main', fontSize: '0.9rem', mt: 0.5 }}>
          {t('deleteFailed', { file })} — {errorText(removal.error)}
        </Box>
      )}
    </Box>
  );
}
