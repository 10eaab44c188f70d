// Under the user's own message: its versions (‹ 2/3 › after an edit), Copy, and Edit.
import { forwardRef } from 'react';
import { Box, useT } from '@kasa/ui';
import type { ChatMessage } from '@kasa/contracts';
import { messages } from '../../messages';
import { IconButton } from '../../shared/ui/IconButton';
import { PencilIcon } from '../../shared/ui/icons';
import { useOnline } from '../../shared/hooks/useOnline';
import { CheckIcon, CopyIcon } from './action-icons';
import { useCopy } from './useCopy';
import { VersionSwitcher } from './VersionSwitcher';

export const UserMessageActions = forwardRef<
  HTMLButtonElement,
  {
    message: ChatMessage;
    conversationId: string;
    busy: boolean;
    /** Opens the editor; unset: the message cannot be edited here. */
    onEdit?: () => void;
  }
>(function UserMessageActions({ message, conversationId, busy, onEdit }, editRef) {
  const t = useT(messages);
  const online = useOnline();
  const { copied, copy } = useCopy();
  return (
    <Box
      data-testid="message-actions"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        mr: -1,
        color: 'text.secondary',
      }}
    >
      <VersionSwitcher message={message} conversationId={conversationId} disabled={busy || !online} />
      <IconButton
        label={copied ? t('copiedReply') : t('copyMessage')}
        onClick={() => void copy(message.content)}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </IconButton>
      {onEdit && (
        <IconButton ref={editRef} label={t('editMessage')} disabled={busy} onClick={onEdit}>
          <PencilIcon />
        </IconButton>
      )}
    </Box>
  );
});
