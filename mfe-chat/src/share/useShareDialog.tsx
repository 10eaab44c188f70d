// Opens Share conversation. The dialog's code loads with the first opening (most visits never
// share); it stays mounted after closing so MUI's exit plays and focus returns to the button.
// Every opening starts afresh: a new link may be made with another choice of 'Show my name'.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

const loadDialog = () => import('./ShareDialog');
const ShareDialog = lazy(loadDialog);

/** Starts fetching the dialog's code (the pointer or focus is on a Share control). */
export const preloadShareDialog = () => void loadDialog().catch(() => undefined);

export function useShareDialog(conversation: { id: string; title: string } | null): {
  /** Opens it for every message shown now, or up to `upToMessageId`. */
  open: (upToMessageId?: string) => void;
  dialog: ReactNode;
} {
  const [opened, setOpened] = useState<{ id: string; count: number; upTo?: string } | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const id = conversation?.id ?? null;
  const open = useCallback(
    (upToMessageId?: string) => {
      if (!id) return;
      setOpened((previous) => ({ id, count: (previous?.count ?? 0) + 1, upTo: upToMessageId }));
      setIsOpen(true);
    },
    [id],
  );
  const close = useCallback(() => setIsOpen(false), []);
  const dialog =
    conversation && opened?.id === conversation.id ? (
      <Suspense fallback={null}>
        <ShareDialog
          key={opened.count}
          open={isOpen}
          onClose={close}
          conversationId={conversation.id}
          title={conversation.title}
          upToMessageId={opened.upTo}
        />
      </Suspense>
    ) : null;
  return { open, dialog };
}
