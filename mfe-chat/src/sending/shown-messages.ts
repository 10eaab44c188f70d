// What the conversation shows while a turn is written on this screen: the saved messages up to
// where the turn joins them, then the live turn (conversation/MessageList LiveTurnRows).
import type { ChatMessage } from '@kasa/contracts';
import type { LiveTurn } from './chat-sender';

/**
 * The saved messages shown before the live `turn`: never its own messages twice (the server may
 * already list them); for an edit, none after the edited message's parent; for a regenerate, none
 * from the reply being replaced on (its question stays, the new version streams in its place).
 */
export function messagesBeforeTurn(saved: readonly ChatMessage[], turn: LiveTurn): readonly ChatMessage[] {
  const list = saved.filter(
    (m) => m.id !== turn.assistantMessageId && (turn.kind === 'regenerate' || m.id !== turn.userMessageId),
  );
  if (turn.branchFrom === undefined) return list;
  if (turn.branchFrom === null) return [];
  const at = list.findIndex((m) => m.id === turn.branchFrom);
  return at < 0 ? list : list.slice(0, at + 1);
}
