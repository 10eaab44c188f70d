// What the chat screen hands the tools it mounts (App wires the '+' enhancements menu and Quick AI
// Tools into it): they sit in feature folders below the screen, so the contract lives here.
import type { DraftStore } from './draft';

/** The sidebar is a column from this width on, a drawer over the content below it. */
export const DESKTOP_QUERY = '(min-width: 900px)';

/** What the later tools (Quick AI Tools in the sidebar, the '+' enhancements menu) get from the screen. */
export interface ChatToolsApi {
  conversationId: string | null;
  /** Shows a conversation a tool's result just started from a new chat, if the chat is still on it. */
  openStartedConversation: (conversationId: string) => void;
  /** Adds text to the message being written. */
  insertText: (text: string) => void;
  /** The message being written: its text and attachments (the enhancements add to it). */
  draft: DraftStore;
  closeSidebar: () => void;
  /** False while the browser is offline: the tools that need the network are disabled (those that can wait queue)… */
  online: boolean;
  /** …and point at this element's text ('Needs a connection') with aria-describedby. */
  offlineReasonId: string;
}
