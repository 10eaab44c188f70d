// The chat screen's view of the send machine (./chat-sender.ts): one ChatSender per screen, its
// snapshot read with useSyncExternalStore, started while the screen is shown.
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatOutbox } from '../offline/outbox';
import { ChatSender, type ChatSenderCallbacks } from './chat-sender';

export type {
  ChatDraft,
  LiveTurn,
  NotStartedOperation,
  RegenerateOptions,
  RegenerateResult,
  SendOutcome,
} from './chat-sender';
export type { ChatSender } from './chat-sender';
export type { LiveVoice } from './voice-turns';

export interface ChatSenderOptions extends ChatSenderCallbacks {
  /** The conversation on screen (null: a new chat). */
  conversationId: string | null;
}

export function useChatSender({
  conversationId,
  onAdopt,
  onSettled,
  onUnsent,
  onNotStarted,
}: ChatSenderOptions) {
  const queryClient = useQueryClient();
  const [sender] = useState(() => new ChatSender({ queryClient, outbox: chatOutbox() }));
  const snapshot = useSyncExternalStore(sender.subscribe, sender.getSnapshot, sender.getSnapshot);

  // Stream handlers and timers outlive a render: they read the latest screen and callbacks.
  useLayoutEffect(() => {
    sender.configure(conversationId, { onAdopt, onSettled, onUnsent, onNotStarted });
  });

  useEffect(() => {
    sender.forgetUnsaved();
  }, [sender, conversationId]);

  useEffect(() => sender.start(), [sender]);

  return useMemo(
    () => ({
      ...snapshot,
      send: sender.send,
      /** A spoken message (docs/product.md#voice), through the same outbox as `send`. */
      sendVoice: sender.sendVoice,
      regenerate: sender.regenerate,
      stop: sender.stop,
      cancelQueued: sender.cancelQueued,
      /** The send machine itself, for voice mode to follow the live turn (subscribe / getSnapshot). */
      sender,
    }),
    [snapshot, sender],
  );
}
