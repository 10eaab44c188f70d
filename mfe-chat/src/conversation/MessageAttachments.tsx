// The files and canvases a user's message was sent with: images and canvases as thumbnails, other
// files as chips with their name. Each opens its short-lived signed link in a new tab. With the
// data saver on, a picture's thumbnail is the small WebP variant; the link still opens the original.
import type { ChatMessageAttachment } from '@kasa/contracts';
import { useState } from 'react';
import { Box, useDataSaver, useT } from '@kasa/ui';
import { attachmentMessages } from '../shared/attachments/attachment-messages';
import { safeMediaUrl } from '../shared/safe-url';
import { hasThumbnail, withMediaVariant } from '../shared/media/media-variant';

const isPicture = (a: ChatMessageAttachment) => a.type === 'canvas' || a.mimeType.startsWith('image/');

/** A link the app may open: signed app paths, http(s), and the object URLs of just-sent photos. */
const openable = (url: string | null) => (url?.startsWith('blob:') ? url : safeMediaUrl(url));

export function MessageAttachments({ attachments }: { attachments: readonly ChatMessageAttachment[] }) {
  const t = useT(attachmentMessages);
  const dataSaver = useDataSaver();
  // Pictures the server made no thumbnail of (422): shown as a named chip, the link still opens them.
  const [noThumbnail, setNoThumbnail] = useState<ReadonlySet<string>>(new Set());
  return (
    <Box
      component="ul"
      aria-label={t('attachments')}
      data-testid="message-attachments"
      sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {attachments.map((attachment) => {
        const key = `${attachment.type}:${attachment.id}`;
        const url = openable(attachment.url);
        const picture = isPicture(attachment) && url && !noThumbnail.has(key);
        // Save-Data alone would get the thumbnail: the link says 'original' whenever it might.
        const href =
          url && (dataSaver.on || dataSaver.connectionWants) ? withMediaVariant(url, 'original') : url;
        const thumbnail =
          url && dataSaver.on && (attachment.type === 'canvas' || hasThumbnail(attachment.mimeType))
            ? withMediaVariant(url, 'thumb')
            : href;
        const content = picture ? (
          <Box
            component="img"
            src={thumbnail ?? undefined}
            alt={attachment.name}
            loading="lazy"
            decoding="async"
            onError={
              thumbnail !== href ? () => setNoThumbnail((failed) => new Set(failed).add(key)) : undefined
            }
            sx={{
              display: 'block',
              width: 96,
              height: 96,
              objectFit: 'cover',
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          />
        ) : (
          <Box
            component="span"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: 40,
              maxWidth: '100%',
              px: 1.25,
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.paper',
              fontSize: '0.9rem',
              overflowWrap: 'anywhere',
            }}
          >
            📎 {attachment.name}
          </Box>
        );
        return (
          <Box component="li" key={key} data-testid="message-attachment" sx={{ maxWidth: '100%' }}>
            {url ? (
              <Box
                component="a"
                href={href ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                title={t('openAttachment', { name: attachment.name })}
                aria-label={t('openAttachment', { name: attachment.name })}
                sx={{ display: 'inline-block', color: 'inherit', textDecoration: 'none', maxWidth: '100%' }}
              >
                {content}
              </Box>
            ) : (
              content
            )}
          </Box>
        );
      })}
    </Box>
  );
}
