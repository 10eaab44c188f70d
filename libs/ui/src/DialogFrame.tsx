// The frame of every remote's dialogs (the chat's tools, Share, Payment Options, Confirm what I
// said; the account page's dialogs): MUI's Dialog (focus trap, Escape, focus back to the opener on
// close), full screen on a phone, a heading and a close button; Back closes it
// (docs/product.md#back-and-escape-on-phones). Its own entry point, `@kasa/ui/dialog-frame`, not
// the shared `@kasa/ui`: a shared module is not tree-shaken, and MUI's Modal machinery would then
// weigh on every first load. Only lazily loaded dialogs import it.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
// Through the shared '@kasa/ui' (like ./prefetch.ts): a second copy of the layer stack would not
// see the menu a dialog is opened from, and a second i18n context would not see the language.
import { StrokeIcon, useBackCloses, useMediaQuery, useT } from '@kasa/ui';
import { dialogFrameMessages } from './dialog-frame-messages';

export const PHONE_QUERY = '(max-width: 599px)';

export interface DialogFrameProps {
  /** Open unless told otherwise: a dialog mounted only while it is open leaves it out. */
  open?: boolean;
  onClose: () => void;
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** data-testid of the dialog; its heading's id is `${testId}-title`. */
  testId: string;
  children: ReactNode;
}

export function DialogFrame({ open = true, onClose, title, testId, children }: DialogFrameProps) {
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
        {/* static.css's 44 × 44 px icon button (touch target). */}
        <button
          type="button"
          className="kasa-icon-button"
          aria-label={t('close')}
          title={t('close')}
          onClick={onClose}
        >
          <StrokeIcon>
            <path d="M6 6l12 12M18 6L6 18" />
          </StrokeIcon>
        </button>
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
