// The top bar's conversation menu (loaded on first use): Share link…, the two exports (they need
// the network: disabled offline, saying so) and Print or save as PDF.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ChatExportFormat } from '@kasa/contracts';
import { Box, useT } from '@kasa/ui';
import { exportMessages } from '../export/messages';

export interface ConversationActionsMenuProps {
  anchor: HTMLElement | null;
  menuId: string;
  online: boolean;
  onShare: () => void;
  onDownload: (format: ChatExportFormat) => void;
  onPrint: () => void;
  onClose: () => void;
}

function Item({
  testId,
  label,
  hint,
  disabled,
  onClick,
}: {
  testId: string;
  label: string;
  hint?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <MenuItem
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
      sx={{ minHeight: 48, flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center' }}
    >
      <Box component="span" sx={{ fontSize: '1rem' }}>
        {label}
      </Box>
      {hint && (
        <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
          {hint}
        </Box>
      )}
    </MenuItem>
  );
}

export default function ConversationActionsMenu({
  anchor,
  menuId,
  online,
  onShare,
  onDownload,
  onPrint,
  onClose,
}: ConversationActionsMenuProps) {
  const t = useT(exportMessages);
  const downloadHint = online ? t('exportHint') : t('needsConnection');
  return (
    <Menu
      id={menuId}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('conversationMenu') } }}
    >
      {/* Offline too: the dialog explains that making the link needs the network. */}
      <Item testId="conversation-menu-share" label={t('shareLink')} onClick={onShare} />
      <Item
        testId="export-markdown"
        label={t('exportMarkdown')}
        hint={downloadHint}
        disabled={!online}
        onClick={() => onDownload('markdown')}
      />
      <Item
        testId="export-json"
        label={t('exportJson')}
        hint={downloadHint}
        disabled={!online}
        onClick={() => onDownload('json')}
      />
      <Item testId="export-print" label={t('print')} hint={t('printHint')} onClick={onPrint} />
    </Menu>
  );
}
