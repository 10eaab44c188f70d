// Where a quick action's result goes (docs/product.md#quick-ai-tools). With a conversation open it
// joins it; from a new chat it starts a conversation, like a first message, with an id chosen here
// and kept until that conversation exists: every result of the same new chat (two at once, or
// queued offline) names the same id, so the server starts one conversation and the others join it.
import { newKey } from '../offline/outbox';
import type { ResultTarget } from '../shared/media-api';

let pendingNewChatId: string | null = null;
const listeners = new Set<(conversationId: string) => void>();

/** Where a result asked for now goes: `conversationId` when one is open, else the new chat's. */
export function resultTarget(conversationId: string | null): ResultTarget {
  if (conversationId) return { conversationId };
  pendingNewChatId ??= newKey();
  return { conversationId: null, newConversationId: pendingNewChatId };
}

/**
 * A result started its new chat's conversation (the server has it now): the chat opens it
 * (onConversationStarted), and the next new chat gets an id of its own.
 */
export function conversationStarted(conversationId: string): void {
  if (pendingNewChatId === conversationId) pendingNewChatId = null;
  for (const listener of listeners) listener(conversationId);
}

/** Calls `listener` with each conversation a result starts; the returned call stops it. */
export function onConversationStarted(listener: (conversationId: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
