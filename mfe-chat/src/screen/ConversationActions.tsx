// The open conversation's actions in the top bar: Share (a button from 420 px wide; on narrower
// phones it is the menu's first entry, the bar has no room) and a menu with Share link…, the
// exports (Markdown, JSON: the server's files) and Print or save as PDF (offline too).
import { memo, Suspense, useCallback, useId, useRef, useState } from 'react';
import { lazyWithPreload } from '@kasa/ui/prefetch';
import type { ChatExportFormat } from '@kasa/contracts';
import { StrokeIcon, useBackCloses, useErrorText, useT, useToast } from '@kasa/ui';
import { downloadConversationExport } from '../export/export-api';
import { exportMessages } from '../export/messages';
import { loadReplyRenderer, PrintView, type ReplyRenderer } from '../export/PrintView';
import { useCachedConversation } from '../export/useCachedConversation';
import { shareMessages } from '../share/messages';
import { ShareIcon } from '../share/share-icon';
import { preloadShareDialog, useShareDialog } from '../share/useShareDialog';
import { useOnline } from '../shared/hooks/useOnline';
import { IconButton } from '../shared/ui/IconButton';

/** The menu's code (fetched ahead when the screen is idle: ./idle-prefetch.ts). */
const ConversationActionsMenu = lazyWithPreload(() => import('./ConversationActionsMenu'));
export const loadConversationActionsMenu = ConversationActionsMenu.preload;
const loadMenu = loadConversationActionsMenu;

/** Below this width the bar keeps only the menu button (Share is in the menu); static.css's `.kasa-share-button` hides it. */
export const SHARE_BUTTON_MIN_WIDTH_PX = 420;

const MoreIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="5" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="12" cy="19" r="1.2" />
  </StrokeIcon>
);

export const ConversationActions = memo(function ConversationActions({
  conversationId,
}: {
  conversationId: string;
}) {
  const t = useT(exportMessages);
  const ts = useT(shareMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const online = useOnline();
  const { summary, messages } = useCachedConversation(conversationId);
  const title = summary?.title ?? '';
  const share = useShareDialog({ id: conversationId, title });
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // Android's Back closes the menu, not the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(menuOpen, () => setMenuOpen(false));
  /** Bumped per Print: each one renders the printed copy afresh and opens the print dialog. */
  const [printing, setPrinting] = useState(0);
  const [renderer, setRenderer] = useState<ReplyRenderer | null>(null);

  const download = useCallback(
    async (format: ChatExportFormat) => {
      setMenuOpen(false);
      const progress = toast({ title: t('downloading'), durationMs: Infinity });
      try {
        await downloadConversationExport(conversationId, format, title);
        progress.dismiss();
      } catch (error) {
        progress.dismiss();
        toast({ title: t('downloadFailed'), description: errorText(error), variant: 'destructive' });
      }
    },
    [conversationId, title, toast, t, errorText],
  );

  return (
    <>
      <IconButton
        label={ts('share')}
        data-testid="share-button"
        aria-haspopup="dialog"
        onPointerEnter={preloadShareDialog}
        onFocus={preloadShareDialog}
        onClick={() => share.open()}
        className="kasa-share-button"
      >
        <ShareIcon />
      </IconButton>
      <IconButton
        ref={menuButton}
        label={t('conversationMenu')}
        data-testid="conversation-menu-button"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onPointerEnter={() => void loadMenu().catch(() => undefined)}
        onFocus={() => void loadMenu().catch(() => undefined)}
        onClick={() => {
          setMenuLoaded(true);
          setMenuOpen(true);
        }}
      >
        <MoreIcon />
      </IconButton>
      {menuLoaded && (
        <Suspense fallback={null}>
          <ConversationActionsMenu
            anchor={menuOpen ? menuButton.current : null}
            menuId={menuId}
            online={online}
            onShare={() => {
              setMenuOpen(false);
              share.open();
            }}
            onDownload={(format) => void download(format)}
            onPrint={() => {
              setMenuOpen(false);
              // The replies print as they show (markdown rendered); offline with the renderer never
              // loaded, as written.
              void loadReplyRenderer().then((loaded) => {
                setRenderer(() => loaded);
                setPrinting((n) => n + 1);
              });
            }}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
      {share.dialog}
      {printing > 0 && (
        <PrintView
          key={printing}
          title={title}
          createdAt={summary?.createdAt}
          messages={messages}
          Renderer={renderer}
          onDone={() => setPrinting(0)}
        />
      )}
    </>
  );
});
