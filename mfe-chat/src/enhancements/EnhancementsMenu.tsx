// The composer's plus button (the enhancements menu). Only the button is in the chat's first load:
// its menu and every dialog load when first used. One dialog is open at a time and it is mounted
// only while open (closing it resets its fields). A completed tool closes its dialog, shows
// 'Enhancement Added' and adds its text or attachments to the draft.
import { lazy, Suspense, useCallback, useId, useRef, useState, type ComponentType } from 'react';
import { Box, useT, useToast } from '@kasa/ui';
import type { ChatToolsApi } from '../shared/chat-tools';
import { IconButton } from '../shared/ui/IconButton';
import { PlusIcon } from '../shared/ui/icons';
import { Spinner } from '../shared/ui/Spinner';
import type { EnhancementName } from './menu-items';
import { enhancementMessages } from './messages';
import { messages as chatMessages } from '../messages';
import type { EnhancementDialogProps, EnhancementResult } from './types';

const loadPopover = () => import('./EnhancementsPopover');
const EnhancementsPopover = lazy(loadPopover);

const DIALOGS: Record<EnhancementName, ComponentType<EnhancementDialogProps>> = {
  upload: lazy(() => import('./upload/UploadDialog')),
  cloud: lazy(() => import('./cloud-storage/CloudStorageDialog')),
  search: lazy(() => import('./search/WebSearchDialog')),
  canvas: lazy(() => import('./canvas/CanvasDialog')),
  research: lazy(() => import('./research/ResearchDialog')),
  languageTool: lazy(() => import('./language-tool/LanguageToolDialog')),
};

/** While a dialog's code downloads (a slow connection): a dimmed screen that says so. */
function DialogLoading() {
  const t = useT(enhancementMessages);
  return (
    <Box
      role="status"
      data-testid="enhancement-loading"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1300,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        bgcolor: 'rgba(0,0,0,0.35)',
        color: '#fff',
      }}
    >
      <Spinner />
      <span>{t('loadingTool')}</span>
    </Box>
  );
}

export function EnhancementsMenu({ api }: { api: ChatToolsApi }) {
  const t = useT(enhancementMessages);
  const tc = useT(chatMessages);
  const { toast } = useToast();
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  /** The menu was opened once: it stays mounted (closed) so it can animate and keep focus right. */
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [dialog, setDialog] = useState<EnhancementName | null>(null);
  const { draft, conversationId } = api;

  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };

  const pick = useCallback((name: EnhancementName) => {
    setMenuOpen(false);
    setDialog(name);
  }, []);

  const close = useCallback(() => setDialog(null), []);

  const complete = useCallback(
    (result: EnhancementResult) => {
      setDialog(null);
      if (result.kind === 'text') draft.appendText(result.text);
      else draft.addAttachments(result.attachments);
      toast({ title: t('enhancementAdded') });
    },
    [draft, toast, t],
  );

  const Dialog = dialog ? DIALOGS[dialog] : null;
  return (
    <>
      <IconButton
        ref={button}
        label={t('enhancements')}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        data-testid="enhancements-button"
        // Uploads, search, research, cloud storage, canvas and the language tool need the network.
        disabled={!api.online}
        aria-describedby={api.online ? undefined : api.offlineReasonId}
        title={api.online ? undefined : `${t('enhancements')} · ${tc('needsConnection')}`}
        // Fetch the menu's code as soon as the finger or pointer is on the button.
        onPointerEnter={() => void loadPopover().catch(() => undefined)}
        onFocus={() => void loadPopover().catch(() => undefined)}
        onClick={openMenu}
        sx={{ width: 48, height: 48, borderRadius: 2 }}
      >
        <PlusIcon />
      </IconButton>
      {menuLoaded && (
        <Suspense fallback={null}>
          <EnhancementsPopover
            anchor={menuOpen ? button.current : null}
            menuId={menuId}
            onPick={pick}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
      {Dialog && (
        <Suspense fallback={<DialogLoading />}>
          <Dialog
            key={dialog}
            open
            onClose={close}
            onComplete={complete}
            conversationId={conversationId ?? undefined}
          />
        </Suspense>
      )}
    </>
  );
}
