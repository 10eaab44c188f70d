// Quick AI Tools, the sidebar's entry to the Quick AI Actions side panel. Only this button is in the
// chat's first load: the panel and its actions load when first opened. The panel is drawn at the
// page's root, outside the sidebar (on a phone the sidebar is a drawer that closes as it opens).
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithPreload } from '@kasa/ui/prefetch';
import { createPortal } from 'react-dom';
import { textButtonClass, useBackCloses, useT } from '@kasa/ui';
import { messages } from '../messages';
import type { ChatToolsApi } from '../shared/chat-tools';
import { onConversationStarted } from './new-chat-conversation';

/** The panel's code (fetched ahead when the screen is idle: screen/idle-prefetch.ts). */
const QuickActionsPanel = lazyWithPreload(() => import('./QuickActionsPanel'));
export const loadQuickActionsPanel = QuickActionsPanel.preload;

/** MUI's medium outlined button across the sidebar's width. */
const QUICK_TOOLS_CLASS = `${textButtonClass({ size: 'medium', variant: 'outlined' })} kasa-quick-tools-button`;

export function QuickAiTools({ api }: { api: ChatToolsApi }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const entry = useRef<HTMLButtonElement>(null);
  const { openStartedConversation } = api;

  // A result from a new chat (here or, later, from the media outbox) starts a conversation: the
  // chat shows it, as after a first message.
  useEffect(() => onConversationStarted(openStartedConversation), [openStartedConversation]);

  const close = () => {
    setOpen(false);
    entry.current?.focus();
  };
  // The panel covers a phone's screen: Back closes it (docs/product.md#back-and-escape-on-phones).
  useBackCloses(open, close);

  return (
    // On static classes (static.css): the desktop sidebar shows it on the first screen.
    <div className="kasa-quick-tools">
      {/* Usable offline: images and voice wait in the media outbox (docs/product.md#offline). */}
      <button
        ref={entry}
        type="button"
        className={QUICK_TOOLS_CLASS}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          api.closeSidebar();
          setOpen(true);
        }}
      >
        {t('quickAiTools')}
      </button>
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
    </div>
  );
}
