// The frame of the account page's dialogs: MUI's Dialog (focus trap, Escape, focus back on
// close), full screen on a phone, a heading and a close button; Back closes it
// (docs/product.md#back-and-escape-on-phones). Only the lazily loaded dialogs import it, so the
// page's first load does not carry the Modal machinery.
import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Box, ButtonBase, useBackCloses, useT } from '@kasa/ui';
import { commonMessages } from './messages';

export const PHONE_QUERY = '(max-width: 599px)';

export function DialogFrame({
  open = true,
  onClose,
  title,
  testId,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const t = useT(commonMessages);
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
        <ButtonBase
          aria-label={t('close')}
          onClick={onClose}
          sx={{ width: 44, height: 44, borderRadius: 1, fontSize: '1.5rem', lineHeight: 1 }}
        >
          ×
        </ButtonBase>
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
