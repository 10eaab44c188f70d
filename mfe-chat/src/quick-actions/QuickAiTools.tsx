// Quick AI Tools, the sidebar's entry to the Quick AI Actions side panel. Only this button is in the
// chat's first load: the panel and its actions load when first opened. The panel is drawn at the
// page's root, outside the sidebar (on a phone the sidebar is a drawer that closes as it opens).
import { Suspense, useRef, useState } from 'react';
import { lazyWithPreload } from '@kasa/ui/prefetch';
import { createPortal } from 'react-dom';
import { Box, Button, useT } from '@kasa/ui';
import { messages } from '../messages';
import type { ChatToolsApi } from '../shared/chat-tools';

/** The panel's code (fetched ahead when the screen is idle: screen/idle-prefetch.ts). */
const QuickActionsPanel = lazyWithPreload(() => import('./QuickActionsPanel'));
export const loadQuickActionsPanel = QuickActionsPanel.preload;

export function QuickAiTools({ api }: { api: ChatToolsApi }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const entry = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    entry.current?.focus();
  };

  return (
    <Box sx={{ px: 1, pb: 1 }}>
      <Button
        ref={entry}
        variant="outlined"
        color="inherit"
        fullWidth
        aria-haspopup="dialog"
        aria-expanded={open}
        // Usable offline: images and voice wait in the media outbox (docs/product.md#offline).
        sx={{ minHeight: 44 }}
        onClick={() => {
          api.closeSidebar();
          setOpen(true);
        }}
      >
        {t('quickAiTools')}
      </Button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <QuickActionsPanel
              conversationId={api.conversationId}
              offlineReasonId={api.offlineReasonId}
              onClose={close}
            />
          </Suspense>,
          document.body,
        )}
    </Box>
  );
}
