// The frame of a dialog (the enhancements, the payment options): MUI's Dialog (focus trap, Escape, focus back to the plus
// button on close), full screen on a phone, a heading and a close button; Back closes it
// (docs/product.md#back-and-escape-on-phones). Only dialogs import it:
// it loads with the first dialog opened, never with the chat screen.
import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import { Box, useBackCloses, useT } from '@kasa/ui';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { CloseIcon } from './icons';
import { IconButton } from './IconButton';
import { dialogFrameMessages } from './dialog-frame-messages';

export const PHONE_QUERY = '(max-width: 599px)';

export function DialogFrame({
  open,
  onClose,
  title,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const t = useT(dialogFrameMessages);
  const phone = useMediaQuery(PHONE_QUERY);
  useBackCloses(open, onClose);
  const headingId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 2,
          pr: 0.5,
          py: 0.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Box component="h2" id={headingId} sx={{ m: 0, flex: 1, fontSize: '1.15rem', fontWeight: 800 }}>
          {title}
        </Box>
        <IconButton label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        sx={{
          p: 2,
          pb: 'max(16px, env(safe-area-inset-bottom))',
          overflowY: 'auto',
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Dialog>
  );
}
