// The draft's attachments above the input: name, a thumbnail for images, remove (×), and for an
// upload how the server's reading of its text is going ('Reading… 40%', polled every 1.5 s until
// done or failed). A file whose text could not be read shows a warning and is still sent.
import { useQuery } from '@tanstack/react-query';
import type { UploadRecord } from '@kasa/contracts';
import { Box, useT } from '@kasa/ui';
import { EXTRACTION_POLL_MS, uploadQueryKey } from '../shared/attachments/upload-query';
import { attachmentMessages } from '../shared/attachments/attachment-messages';
import type { DraftAttachment } from '../shared/attachments/draft-attachment';
import { CloseIcon } from '../shared/ui/icons';
import { IconButton } from '../shared/ui/IconButton';
import { safeMediaUrl } from '../shared/safe-url';

function thumbnailOf(attachment: DraftAttachment): string | null {
  const url = attachment.previewUrl;
  if (!url || !(attachment.mimeType.startsWith('image/') || attachment.type === 'canvas')) return null;
  return url.startsWith('blob:') ? url : safeMediaUrl(url);
}

function Extraction({ id }: { id: string }) {
  const t = useT(attachmentMessages);
  const { data } = useQuery<UploadRecord>({
    queryKey: uploadQueryKey(id),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.extraction.status;
      return status === 'done' || status === 'failed' ? false : EXTRACTION_POLL_MS;
    },
  });
  const extraction = data?.extraction;
  if (!extraction || extraction.status === 'done') return null;
  if (extraction.status === 'failed') {
    return (
      <Box
        component="span"
        data-testid="attachment-read-failed"
        sx={{ color: 'warning.dark', fontSize: '0.8rem' }}
      >
        ⚠ {t('readFailed')}
      </Box>
    );
  }
  return (
    <Box
      component="span"
      data-testid="attachment-reading"
      sx={{ color: 'text.secondary', fontSize: '0.8rem' }}
    >
      {t('reading', { percent: Math.round(extraction.progress ?? 0) })}
    </Box>
  );
}

export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: readonly DraftAttachment[];
  onRemove: (attachment: DraftAttachment) => void;
}) {
  const t = useT(attachmentMessages);
  return (
    <Box
      component="ul"
      aria-label={t('attachments')}
      data-testid="draft-attachments"
      sx={{ listStyle: 'none', m: 0, p: 0, pb: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {attachments.map((attachment) => {
        const thumbnail = thumbnailOf(attachment);
        return (
          <Box
            component="li"
            key={`${attachment.type}:${attachment.id}`}
            data-testid="draft-attachment"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              maxWidth: '100%',
              minWidth: 0,
              pl: thumbnail ? 0.5 : 1.25,
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'action.hover',
            }}
          >
            {thumbnail && (
              <Box
                component="img"
                src={thumbnail}
                alt=""
                sx={{ width: 36, height: 36, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
              />
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, py: 0.5 }}>
              <Box
                component="span"
                sx={{
                  fontSize: '0.9rem',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {attachment.name}
              </Box>
              {attachment.type === 'upload' && <Extraction id={attachment.id} />}
            </Box>
            <IconButton
              label={t('removeAttachment', { name: attachment.name })}
              onClick={() => onRemove(attachment)}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}
