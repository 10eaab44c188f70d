// The composer's plus button (the enhancements menu). Only the button is in the chat's first load:
// its menu and every dialog load when first used. One dialog is open at a time and it is mounted
// only while open (closing it resets its fields). A completed tool closes its dialog, shows
// 'Enhancement Added' and adds its text or attachments to the draft.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Box, useBackCloses, useT, useToast } from '@kasa/ui';
import { lazyWithPreload, prefetchAllowed, prefetchChunks, whenIdle } from '@kasa/ui/prefetch';
import type { ChatToolsApi } from '../shared/chat-tools';
import { chunkRuntime } from '../shared/chunk-runtime';
import { IconButton } from '../shared/ui/IconButton';
import { PlusIcon } from '../shared/ui/icons';
import { Spinner } from '../shared/ui/Spinner';
import type { EnhancementName } from './menu-items';
import { enhancementMessages } from './messages';
import { messages as chatMessages } from '../messages';
import type { EnhancementDialogProps, EnhancementResult } from './types';

/** The menu (its code fetched ahead by the screen when idle: screen/idle-prefetch.ts). */
const EnhancementsPopover = lazyWithPreload(() => import('./EnhancementsPopover'));
export const loadEnhancementsPopover = EnhancementsPopover.preload;

type DialogModule = Promise<{ default: ComponentType<EnhancementDialogProps> }>;
const DIALOG_LOADERS: Record<EnhancementName, () => DialogModule> = {
  upload: () => import('./upload/UploadDialog'),
  cloud: () => import('./cloud-storage/CloudStorageDialog'),
  search: () => import('./search/WebSearchDialog'),
  canvas: () => import('./canvas/CanvasDialog'),
  research: () => import('./research/ResearchDialog'),
  languageTool: () => import('./language-tool/LanguageToolDialog'),
};

const DIALOGS: Record<EnhancementName, ComponentType<EnhancementDialogProps>> = {
  upload: lazy(DIALOG_LOADERS.upload),
  cloud: lazy(DIALOG_LOADERS.cloud),
  search: lazy(DIALOG_LOADERS.search),
  canvas: lazy(DIALOG_LOADERS.canvas),
  research: lazy(DIALOG_LOADERS.research),
  languageTool: lazy(DIALOG_LOADERS.languageTool),
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

/**
 * The menu's code, fetched by the idle prefetch (screen/idle-prefetch.ts), is also evaluated once the
 * screen is idle, so that the first opening renders at once instead of suspending (bench/README.md,
 * "Interactions"). Not with the data saver on: nothing is fetched ahead.
 */
function useMenuCodeReady() {
  useEffect(
    () =>
      prefetchAllowed()
        ? whenIdle(() => void loadEnhancementsPopover().catch(() => undefined), 3000)
        : undefined,
    [],
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
  useMenuCodeReady();
  // Android's Back closes the menu, not the chat (docs/product.md#back-and-escape-on-phones).
  useBackCloses(menuOpen, () => setMenuOpen(false));

  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
    // The menu is open: a tool is likely next. Its dialog's code is fetched (not run) once the menu
    // is on screen, so the pick does not wait for it and the opening does not wait for the
    // requests (a task of its own, after the tap's frame); never with the data saver on.
    whenIdle(() => prefetchChunks(chunkRuntime(), Object.values(DIALOG_LOADERS)), 0);
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
        onPointerEnter={() => void loadEnhancementsPopover().catch(() => undefined)}
        onPointerDown={() => void loadEnhancementsPopover().catch(() => undefined)}
        onFocus={() => void loadEnhancementsPopover().catch(() => undefined)}
        onClick={openMenu}
        shape="round"
        className="kasa-plus-button"
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
