// ‹ 2/3 ›: the versions of a message (ChatMessage.versionIds, oldest first). An arrow shows the
// neighbouring version (PUT …/current); the conversation then shows the path through it.
import { Box, useT } from '@kasa/ui';
import type { ChatMessage } from '@kasa/contracts';
import { messages } from '../../messages';
import { IconButton } from '../../shared/ui/IconButton';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { ChevronLeftIcon, ChevronRightIcon } from './action-icons';
import { useShowVersion } from './useShowVersion';

export function VersionSwitcher({
  message,
  conversationId,
  disabled,
}: {
  message: ChatMessage;
  conversationId: string;
  /** A reply is being written, or the network is away. */
  disabled: boolean;
}) {
  const t = useT(messages);
  const show = useShowVersion(conversationId);
  const versions = message.versionIds ?? [];
  const index = versions.indexOf(message.id);
  if (versions.length < 2 || index < 0) return null;
  const busy = disabled || show.isPending;
  return (
    <Box
      role="group"
      aria-label={t('versionsLabel')}
      data-testid="version-switcher"
      sx={{ display: 'inline-flex', alignItems: 'center' }}
    >
      <IconButton
        label={t('previousVersion')}
        disabled={busy || index === 0}
        onClick={() => show.mutate(versions[index - 1])}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Box
        component="span"
        aria-hidden="true"
        sx={{ fontSize: '0.85rem', fontVariantNumeric: 'tabular-nums' }}
      >
        {index + 1}/{versions.length}
      </Box>
      <Box component="span" sx={visuallyHidden} data-testid="version-position">
        {t('versionOf', { index: index + 1, count: versions.length })}
      </Box>
      <IconButton
        label={t('nextVersion')}
        disabled={busy || index === versions.length - 1}
        onClick={() => show.mutate(versions[index + 1])}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
