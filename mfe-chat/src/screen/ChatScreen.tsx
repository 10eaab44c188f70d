// The chat screen (docs/product.md#chat-screen): sidebar (a drawer over the content on phones, a column from 900 px),
// top bar, the conversation or the welcome panel, and the input bar. The conversation on screen is
// in the URL (?c=<id>), so a reload or a shared link opens it again.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  useAppInfo,
  useBackCloses,
  useErrorText,
  useMediaQuery,
  useT,
  useToast,
} from '@kasa/ui';
import { useIdleMount } from '@kasa/ui/prefetch';
import { ApiError } from '@kasa/api-client';
import { CHAT_ROOT_PARENT_ID, type ChatMessage } from '@kasa/contracts';
import { conversationQueryKey, stopReply } from '../shared/chat-api';
import { Composer, type ComposerHandle } from '../composer/Composer';
import { DraftStore, type DraftState } from '../shared/draft';
import { DESKTOP_QUERY, type ChatToolsApi } from '../shared/chat-tools';
import { useKeyboardOffset } from '../shared/hooks/useKeyboardOffset';
import { useOnline } from '../shared/hooks/useOnline';
import { useLatest } from '../shared/hooks/useLatest';
import { LiveTurnRows, MessageRow, WaitingRow } from '../conversation/MessageList';
import { spokenMessageMessages } from '../conversation/voice/spoken-message-messages';
import { OfflineBanner } from './OfflineBanner';
import { startChatCachePersistence } from '../offline/persist-cache';
import { MediaOutboxMount } from '../quick-actions/MediaOutboxMount';
import { messages } from '../messages';
import { Sidebar } from '../sidebar/Sidebar';
import type { StarterTip } from './tips';
import { TopBar } from './TopBar';
import {
  useChatSender,
  type ChatDraft,
  type NotStartedOperation,
  type SendOutcome,
} from '../sending/useChatSender';
import { messagesBeforeTurn } from '../sending/shown-messages';
import { useConversationMessages } from '../conversation/useConversationMessages';
import { WelcomePanel } from './Welcome';
import { refreshUsageAfterSend } from '../payment-options/subscription-status';
import { UsageWarningBanner } from '../payment-options/UsageWarningBanner';
import { ModelPicker } from '../composer/ModelPicker';
import { OfflineAdvisorNotice } from '../composer/OfflineAdvisorNotice';
import { useModelChoice } from '../composer/useModelChoice';
import { usePaymentOptionsDialog } from './usePaymentOptionsDialog';
import { useShareDialog } from '../share/useShareDialog';
import { useCachedConversation } from '../export/useCachedConversation';
import type { VoiceTurnDraft } from '../voice/voice-turn';
import { useComposerVoice } from '../voice/recording/useComposerVoice';
import { useOfflineVoicePrefetch } from './useOfflineVoicePrefetch';
import { useIdlePrefetch } from './idle-prefetch';

/** Voice mode (docs/product.md#voice): a full-screen spoken conversation, loaded when opened. */
const VoiceMode = lazy(() => import('../voice/voice-mode/VoiceMode'));

/** The URL search parameter naming the conversation on screen. */
export const CONVERSATION_PARAM = 'c';

export interface ChatScreenProps {
  /** Mount point in the sidebar, under the search box (Quick AI Tools). */
  sidebarTools?: (api: ChatToolsApi) => ReactNode;
  /** Mount point beside the text area, before it (the '+' enhancements menu). */
  composerTools?: (api: ChatToolsApi) => ReactNode;
}

const STICK_TO_BOTTOM_PX = 80;

export function ChatScreen({ sidebarTools, composerTools }: ChatScreenProps) {
  const t = useT(messages);
  const tVoice = useT(spokenMessageMessages);
  const { assistantName } = useAppInfo();
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlConversationId = searchParams.get(CONVERSATION_PARAM) || null;
  // The conversation the server just named for a reply sent from a new chat, until the URL names
  // it: the router renders a URL change as a transition, which each render of a streamed chunk
  // restarts, so it may commit only after the reply has ended. Without this the screen showed an
  // empty new chat in between. A ref set where the sender adopts the conversation, so that the
  // render ending the turn (in the same task) already reads it.
  const adoptedId = useRef<string | null>(null);
  const conversationId = urlConversationId ?? adoptedId.current;
  useLayoutEffect(() => {
    if (urlConversationId) adoptedId.current = null;
  }, [urlConversationId]);
  // The composer's model picker: what the next send (or regenerate) is written with.
  const modelChoice = useModelChoice(conversationId);
  const { adopt: modelAdopt, forSend: modelForSend, noteSent: noteModelSent } = modelChoice;
  const paymentOptions = usePaymentOptionsDialog();
  // "Share up to here" in a reply's menu: the top bar's Share makes a link of every message shown.
  const openSummary = useCachedConversation(conversationId).summary;
  const shareUpTo = useShareDialog(
    conversationId ? { id: conversationId, title: openSummary?.title ?? '' } : null,
  );

  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [columnOpen, setColumnOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarOpen = desktop ? columnOpen : drawerOpen;
  // The closed drawer's contents (history, Quick AI Tools) render once the first screen is idle.
  const drawerContentsShown = useIdleMount(drawerOpen);
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const composer = useRef<ComposerHandle>(null);
  const [draft] = useState(() => new DraftStore());
  const scroller = useRef<HTMLElement>(null);
  const stick = useRef(true);
  const refocusAfterReply = useRef(false);
  const [announcement, setAnnouncement] = useState('');
  const keyboardOffset = useKeyboardOffset();
  const online = useOnline();
  const offlineReasonId = useId();

  const showConversation = useCallback(
    (id: string | null, replace = false) => {
      adoptedId.current = null;
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id) next.set(CONVERSATION_PARAM, id);
          else next.delete(CONVERSATION_PARAM);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const onSettled = useCallback(
    (outcome: SendOutcome) => {
      // A message counted: the usage warning above the input may now be due.
      if (outcome !== 'failed') refreshUsageAfterSend(queryClient);
      setAnnouncement(
        outcome === 'done'
          ? t('announceReplied', { assistantName })
          : outcome === 'stopped'
            ? t('announceStopped')
            : t('sendError'),
      );
      if (refocusAfterReply.current) {
        refocusAfterReply.current = false;
        // On a phone, focusing would pop the keyboard over the reply just written.
        const coarse =
          typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
        if (!coarse) setTimeout(() => composer.current?.focus(), 0);
      }
    },
    [t, assistantName, queryClient],
  );

  // The chat kept on this device (IndexedDB): restored now, saved as it changes.
  useEffect(() => {
    void startChatCachePersistence(queryClient);
  }, [queryClient]);

  const chat = useChatSender({
    conversationId,
    onAdopt: useCallback(
      (id: string) => {
        modelAdopt(id);
        showConversation(id, true);
        adoptedId.current = id;
      },
      [showConversation, modelAdopt],
    ),
    onSettled,
    // The server never took the message: the composer gets it back, attachments included.
    onUnsent: useCallback(
      (unsent: ChatDraft) => draft.restore({ text: unsent.message, attachments: unsent.attachments ?? [] }),
      [draft],
    ),
    // A regenerate or an edit that never started: nothing changed, the toast says why.
    onNotStarted: useCallback(
      (operation: NotStartedOperation, error: unknown) => {
        if (error instanceof ApiError && error.usageLimit) return; // the usage-limit toast says it
        toast({
          title:
            operation === 'edit'
              ? t('editFailed')
              : operation === 'voice'
                ? tVoice('voiceNotSent')
                : t('regenerateFailed'),
          description: errorText(error),
          variant: 'destructive',
        });
      },
      [toast, t, tVoice, errorText],
    ),
  });
  // The reply belongs on this screen when it is this conversation's, or while the URL has not yet
  // caught up with the conversation the server just named for it (the router renders the URL
  // change apart from the turn's update: without this the welcome panel flashed for a frame).
  const shownTurn = useRef<number | null>(null);
  const turnHere = chat.turn?.conversationId != null && chat.turn.conversationId === conversationId;
  const turnKey = chat.turn?.key ?? null;
  // Noted once a render showing the turn on its conversation commits, never during a render: a
  // render the router starts for the new URL and React then drops must not count as shown.
  useLayoutEffect(() => {
    if (turnHere && turnKey !== null) shownTurn.current = turnKey;
  }, [turnHere, turnKey]);
  const streamingHere = Boolean(
    chat.turn && (turnHere || (chat.turn.origin === conversationId && shownTurn.current !== chat.turn.key)),
  );
  const conversation = useConversationMessages(conversationId, streamingHere);

  const turn = chat.turn;
  const saved: readonly ChatMessage[] = useMemo(() => {
    const list = conversationId ? (conversation.data ?? []) : chat.unsaved;
    if (!turn || !streamingHere) return list;
    // Shown once, and where the turn joins the conversation (an edit's branch, a regenerated reply's place).
    return messagesBeforeTurn(list, turn);
  }, [conversationId, conversation.data, chat.unsaved, turn, streamingHere]);
  const savedRef = useLatest(saved);

  const loading = Boolean(conversationId) && conversation.isPending;
  const loadFailed = Boolean(conversationId) && conversation.isError && !conversation.data;
  const waiting = useMemo(
    () => chat.waiting.filter((item) => item.conversationId === conversationId),
    [chat.waiting, conversationId],
  );
  const empty = saved.length === 0 && !streamingHere && !loading && !loadFailed && waiting.length === 0;

  // Follow the conversation to its end, unless the reader scrolled up.
  useLayoutEffect(() => {
    stick.current = true;
  }, [conversationId]);
  useLayoutEffect(() => {
    const element = scroller.current;
    // The welcome panel reads from the top; a conversation from its latest message.
    if (element && stick.current && !empty) element.scrollTop = element.scrollHeight;
  }, [saved, turn?.reply, turn?.phase, conversationId, empty]);
  const onScroll = () => {
    const element = scroller.current;
    if (element)
      stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };

  // Drawer focus: into it when it opens, back to the toggle when it closes.
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    if (desktop) return;
    if (drawerOpen) closeRef.current?.focus();
    else if (drawerWasOpen.current) toggleRef.current?.focus();
    drawerWasOpen.current = drawerOpen;
  }, [drawerOpen, desktop]);

  const closeSidebar = useCallback(() => {
    if (!desktop) setDrawerOpen(false);
  }, [desktop]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // The open drawer is a layer: Back and Escape close it (docs/product.md#back-and-escape-on-phones).
  useBackCloses(!desktop && drawerOpen, closeDrawer, { closeOnEscape: true });
  const toggleSidebar = useCallback(
    () => (desktop ? setColumnOpen((o) => !o) : setDrawerOpen((o) => !o)),
    [desktop],
  );

  const selectConversation = useCallback(
    (id: string) => {
      if (id !== conversationId) showConversation(id);
      closeSidebar();
    },
    [conversationId, showConversation, closeSidebar],
  );

  const newChat = useCallback(() => {
    if (conversationId) showConversation(null);
    closeSidebar();
    if (desktop) composer.current?.focus();
  }, [conversationId, showConversation, closeSidebar, desktop]);

  const onDeleted = useCallback(
    (id: string) => {
      if (id === conversationId) showConversation(null, true);
    },
    [conversationId, showConversation],
  );

  const chatSend = chat.send;
  /** Every send of this screen goes through here: the composer, an edited message, a follow-up. */
  const sendDraft = useCallback(
    (next: ChatDraft): boolean => {
      const sent = chatSend(modelForSend && !next.model ? { ...next, model: modelForSend } : next);
      if (sent) {
        noteModelSent();
        stick.current = true;
        refocusAfterReply.current = document.activeElement instanceof HTMLTextAreaElement;
        setAnnouncement(t('announceWriting', { assistantName }));
      }
      return sent;
    },
    [chatSend, t, assistantName, modelForSend, noteModelSent],
  );
  const send = useCallback(
    (current: DraftState): boolean => sendDraft({ message: current.text, attachments: current.attachments }),
    [sendDraft],
  );

  // Edit and resend: a new branch from the edited message's parent, with its attachments.
  const editMessage = useCallback(
    (edited: ChatMessage, text: string): boolean => {
      const shown = savedRef.current;
      const at = shown.findIndex((m) => m.id === edited.id);
      const parent = edited.parentId !== undefined ? edited.parentId : at > 0 ? shown[at - 1].id : null;
      return sendDraft({
        message: text,
        attachments: (edited.attachments ?? []).map(({ type, id, name, mimeType, url }) => ({
          type,
          id,
          name,
          mimeType,
          previewUrl: url,
        })),
        parentMessageId: parent ?? CHAT_ROOT_PARENT_ID,
      });
    },
    [savedRef, sendDraft],
  );

  const followUp = useCallback((question: string) => void sendDraft({ message: question }), [sendDraft]);

  // A voice message from the composer: the model choice as a typed message's.
  const chatSendVoice = chat.sendVoice;
  const sendVoice = useCallback(
    (next: VoiceTurnDraft): boolean => {
      const sent = chatSendVoice(modelForSend && !next.model ? { ...next, model: modelForSend } : next);
      if (sent) {
        noteModelSent();
        stick.current = true;
        setAnnouncement(t('announceWriting', { assistantName }));
      }
      return sent;
    },
    [chatSendVoice, modelForSend, noteModelSent, t, assistantName],
  );
  const [voiceModeOpen, setVoiceModeOpen] = useState(false);
  const openVoiceMode = useCallback(() => setVoiceModeOpen(true), []);
  const closeVoiceMode = useCallback(() => setVoiceModeOpen(false), []);
  const composerVoice = useComposerVoice(sendVoice, openVoiceMode);
  useOfflineVoicePrefetch();
  useIdlePrefetch();

  // Regenerate, and Retry on a failed reply: a new version streamed in the old one's place
  // (docs/operations.md#replies-whose-writer-stops). It needs the network now: never queued.
  const chatRegenerate = chat.regenerate;
  const regenerate = useCallback(
    (replyId: string) => {
      const result = chatRegenerate(replyId, modelForSend ? { model: modelForSend } : {});
      if (result === 'offline')
        toast({ title: t('regenerateOfflineTitle'), description: t('regenerateOffline') });
      if (result !== 'started') return;
      stick.current = true;
      setAnnouncement(t('announceWriting', { assistantName }));
    },
    [chatRegenerate, toast, t, assistantName, modelForSend],
  );

  const busy = chat.pending || waiting.length > 0;
  // The follow-up questions show under the last reply only, once it is finished.
  const lastReply = saved.at(-1);
  const followUpsUnder =
    !busy && lastReply?.role === 'assistant' && lastReply.status === 'complete' ? lastReply.id : null;

  // A failed last reply this page never saved (the server refused the send) offers Retry: its
  // question is sent again as a new message. A saved one is regenerated (MessageRow).
  const retryable = useMemo(() => {
    const last = saved.at(-1);
    const question = saved.at(-2);
    if (!last || !question || chat.pending || waiting.length || !last.id.startsWith('local-')) return null;
    return last.role === 'assistant' && last.status === 'failed' && question.role === 'user' ? last : null;
  }, [saved, chat.pending, waiting.length]);
  const retryLast = useCallback(() => {
    const question = saved.at(-2);
    if (!question) return;
    send({
      text: question.content,
      attachments: (question.attachments ?? []).map(({ type, id, name, mimeType, url }) => ({
        type,
        id,
        name,
        mimeType,
        previewUrl: url,
      })),
    });
  }, [saved, send]);

  const pickTip = useCallback((tip: StarterTip) => composer.current?.setText(`${tip.prompt} `), []);

  const stopServerReply = useCallback(() => {
    if (!conversationId) return;
    const id = conversationId;
    void stopReply(id)
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: conversationQueryKey(id), exact: true }));
  }, [conversationId, queryClient]);

  // A quick action's result started a conversation from a new chat: shown like a first message's
  // (the URL names it), unless the reader has opened another conversation meanwhile.
  const shownConversationId = useLatest(conversationId);
  const openStartedConversation = useCallback(
    (id: string) => {
      if (!shownConversationId.current) showConversation(id, true);
    },
    [shownConversationId, showConversation],
  );

  const toolsApi: ChatToolsApi = useMemo(
    () => ({
      conversationId,
      openStartedConversation,
      insertText: (text) => composer.current?.insertText(text),
      draft,
      closeSidebar,
      online,
      offlineReasonId,
    }),
    [conversationId, openStartedConversation, closeSidebar, draft, online, offlineReasonId],
  );
  const sidebarToolsNode = useMemo(() => sidebarTools?.(toolsApi), [sidebarTools, toolsApi]);
  const composerToolsNode = useMemo(() => composerTools?.(toolsApi), [composerTools, toolsApi]);

  const { options: modelOptions, current: currentModel, choose: chooseModel } = modelChoice;
  const openPaymentOptions = paymentOptions.open;
  const modelPicker = useMemo(
    () => (
      <ModelPicker
        options={modelOptions}
        current={currentModel}
        onChoose={chooseModel}
        onUpgrade={openPaymentOptions}
      />
    ),
    [modelOptions, currentModel, chooseModel, openPaymentOptions],
  );

  const sidebar = (
    <Sidebar
      activeId={conversationId}
      onNewChat={newChat}
      onSelect={selectConversation}
      onDeleted={onDeleted}
      onClose={desktop ? undefined : closeDrawer}
      closeButtonRef={closeRef}
      tools={sidebarToolsNode}
    />
  );

  return (
    // Static classes (libs/ui/src/static.css, docs/architecture.md#runtime-styles): the screen's frame
    // inserts no CSS on its first render and costs no style work when a query's answer re-renders it.
    <div
      data-testid="chat-page"
      className="kasa-chat-page"
      // Soft keyboard: everything above the keyboard, the input bar last (> 150 px, ≤ 300 px: docs/product.md#chat-screen).
      style={keyboardOffset ? { paddingBottom: keyboardOffset } : undefined}
      data-keyboard-offset={keyboardOffset}
    >
      {desktop ? (
        sidebarOpen && (
          <aside
            id={sidebarId}
            aria-label={t('sidebar')}
            data-testid="chat-sidebar"
            className="kasa-chat-column"
          >
            {sidebar}
          </aside>
        )
      ) : (
        <>
          {drawerOpen && (
            <div
              data-testid="sidebar-backdrop"
              className="kasa-chat-backdrop"
              onClick={() => setDrawerOpen(false)}
            />
          )}
          {/* A div: an aside may not take the dialog role (ARIA in HTML); the desktop column above is the aside. */}
          <div
            id={sidebarId}
            role="dialog"
            aria-modal={drawerOpen}
            aria-label={t('sidebar')}
            aria-hidden={!drawerOpen}
            data-testid="chat-sidebar"
            data-open={drawerOpen}
            className="kasa-chat-drawer"
          >
            {drawerContentsShown && sidebar}
          </div>
        </>
      )}

      <div inert={!desktop && drawerOpen} className="kasa-chat-main-column">
        <TopBar
          sidebarOpen={sidebarOpen}
          sidebarId={sidebarId}
          onToggleSidebar={toggleSidebar}
          toggleRef={toggleRef}
          shareableConversationId={conversationId && saved.length > 0 ? conversationId : null}
        />
        {!online && <OfflineBanner reasonId={offlineReasonId} />}
        <main
          ref={scroller}
          onScroll={onScroll}
          aria-label={t('messagesLabel')}
          className="kasa-chat-messages"
        >
          <div className="kasa-chat-thread">
            <h1 className="kasa-visually-hidden">{t('title')}</h1>
            {loading && (
              <div role="status" data-testid="conversation-loading" className="kasa-chat-loading">
                {online ? t('loadingConversation') : t('notSavedOffline')}
              </div>
            )}
            {loadFailed && (
              <Box role="alert" data-testid="conversation-error">
                <Box component="p" sx={{ mt: 0, mb: 1 }}>
                  {t('conversationFailed')}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="contained"
                    disabled={conversation.isFetching}
                    onClick={() => void conversation.refetch()}
                  >
                    {t('retry')}
                  </Button>
                  <Button variant="outlined" color="inherit" onClick={newChat}>
                    {t('newChat')}
                  </Button>
                </Box>
              </Box>
            )}
            {empty && <WelcomePanel onPick={pickTip} onAsk={followUp} />}
            {saved.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                conversationId={conversationId}
                busy={busy}
                onStopServerReply={
                  message.status === 'streaming' && !streamingHere ? stopServerReply : undefined
                }
                onRetry={message === retryable ? retryLast : undefined}
                onRegenerate={regenerate}
                onEdit={editMessage}
                onSendVoice={sendVoice}
                onShareUpTo={shareUpTo.open}
                onFollowUp={message.id === followUpsUnder ? followUp : undefined}
              />
            ))}
            {turn && streamingHere && <LiveTurnRows turn={turn} />}
            {waiting.map((item) => (
              <WaitingRow key={item.key} item={item} onCancel={chat.cancelQueued} />
            ))}
          </div>
        </main>
        {/* A named region: every part of the screen is in a landmark (axe `region`, docs/architecture.md#accessibility). */}
        <section aria-label={t('composerLabel')} className="kasa-chat-composer-region">
          <div className="kasa-chat-composer-width">
            <OfflineAdvisorNotice />
            <UsageWarningBanner />
            <Composer
              ref={composer}
              draft={draft}
              onSend={send}
              onStop={chat.stop}
              pending={chat.pending}
              stopping={Boolean(turn?.stopping)}
              stopDisabledReasonId={online ? undefined : offlineReasonId}
              tools={composerToolsNode}
              picker={modelPicker}
              voice={composerVoice}
            />
          </div>
        </section>
      </div>
      <div role="status" aria-live="polite" data-testid="chat-announcer" className="kasa-visually-hidden">
        {announcement}
      </div>
      {voiceModeOpen && (
        <Suspense fallback={null}>
          <VoiceMode sender={chat.sender} model={modelForSend} onClose={closeVoiceMode} />
        </Suspense>
      )}
      <MediaOutboxMount />
      {paymentOptions.dialog}
      {shareUpTo.dialog}
    </div>
  );
}
