// The row under a finished reply: Copy (its markdown; plain text from the "more" menu), Read
// aloud, Regenerate, thumbs up / down (with an optional reason), Share, and who wrote it.
import { useState } from 'react';
import { Box, Button, useT } from '@kasa/ui';
import type { ChatMessage } from '@kasa/contracts';
import { messages } from '../../messages';
import { IconButton } from '../../shared/ui/IconButton';
import { useOnline } from '../../shared/hooks/useOnline';
import { ReadAloud } from '../ReadAloud';
import { plainTextOf } from '../speech-text';
import { ActionMenu } from './ActionMenu';
import {
  CheckIcon,
  CopyIcon,
  MoreIcon,
  RegenerateIcon,
  ShareIcon,
  ThumbDownIcon,
  ThumbUpIcon,
} from './action-icons';
import { FeedbackPanel } from './FeedbackPanel';
import { useCopy } from './useCopy';
import { useReplyFeedback } from './useReplyFeedback';
import { VersionSwitcher } from './VersionSwitcher';

export function ReplyActions({
  message,
  conversationId,
  busy,
  onRegenerate,
  onShareUpTo,
}: {
  message: ChatMessage;
  conversationId: string;
  /** A reply is being written (or messages wait to be sent): Regenerate and the arrows wait. */
  busy: boolean;
  onRegenerate?: (replyId: string) => void;
  /** Share the conversation by link, up to and including this reply. */
  onShareUpTo?: (replyId: string) => void;
}) {
  const t = useT(messages);
  const online = useOnline();
  const { copied, copy } = useCopy();
  const saveFeedback = useReplyFeedback(conversationId, message.id);
  const [reasonOpen, setReasonOpen] = useState(false);
  const rating = message.feedback?.rating ?? null;
  const writtenBy = message.modelName ? t('writtenBy', { modelName: message.modelName }) : null;

  const rate = (pressed: 'up' | 'down') => {
    if (rating === pressed) {
      saveFeedback(null);
      setReasonOpen(false);
      return;
    }
    saveFeedback({ rating: pressed });
    setReasonOpen(pressed === 'down');
  };

  const share = async () => {
    const text = plainTextOf(message.content);
    if (typeof navigator.share === 'function') {
      try {
        // On phones this offers WhatsApp, SMS and the other apps that take text.
        await navigator.share({ text });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy(text, 'toast');
  };

  return (
    <>
      <Box
        data-testid="reply-actions"
        title={writtenBy ?? undefined}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          mt: 0.5,
          ml: -1,
          color: 'text.secondary',
        }}
      >
        <VersionSwitcher message={message} conversationId={conversationId} disabled={busy || !online} />
        <IconButton
          label={copied ? t('copiedReply') : t('copyReply')}
          onClick={() => void copy(message.content)}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </IconButton>
        <ReadAloud text={message.content} />
        {onRegenerate && (
          <IconButton label={t('regenerateReply')} disabled={busy} onClick={() => onRegenerate(message.id)}>
            <RegenerateIcon />
          </IconButton>
        )}
        <IconButton
          label={t('goodReply')}
          aria-pressed={rating === 'up'}
          disabled={!online}
          onClick={() => rate('up')}
        >
          <ThumbUpIcon filled={rating === 'up'} />
        </IconButton>
        <IconButton
          label={t('badReply')}
          aria-pressed={rating === 'down'}
          disabled={!online}
          onClick={() => rate('down')}
        >
          <ThumbDownIcon filled={rating === 'down'} />
        </IconButton>
        <IconButton label={t('shareReply')} onClick={() => void share()}>
          <ShareIcon />
        </IconButton>
        <ActionMenu
          label={t('moreReplyActions')}
          icon={<MoreIcon />}
          note={writtenBy}
          items={[
            { label: t('copyPlainText'), onSelect: () => void copy(plainTextOf(message.content), 'toast') },
            ...(onShareUpTo ? [{ label: t('shareUpToHere'), onSelect: () => onShareUpTo(message.id) }] : []),
          ]}
        />
        {rating === 'down' && !reasonOpen && (
          <Button
            variant="text"
            color="inherit"
            size="small"
            sx={{ minHeight: 44 }}
            disabled={!online}
            onClick={() => setReasonOpen(true)}
          >
            {message.feedback?.reason ? t('feedbackEditReason') : t('feedbackAddReason')}
          </Button>
        )}
      </Box>
      {rating === 'down' && reasonOpen && (
        <FeedbackPanel
          reason={message.feedback?.reason}
          onClose={() => setReasonOpen(false)}
          onSave={(reason) => {
            saveFeedback({ rating: 'down', reason });
            setReasonOpen(false);
          }}
        />
      )}
    </>
  );
}
