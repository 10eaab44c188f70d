// The message being written, held in one place: its text and the files and canvases it will carry.
// The chat screen creates one store; the composer renders it, the enhancement tools add to it, and
// a send takes it (cleared once sent, given back when the server never took the message). A store
// outside React state: typing re-renders the composer only (composer/useDraft.ts), not the whole
// screen and its messages.
import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX_LENGTH } from '@kasa/contracts';
import type { DraftAttachment } from './attachments/draft-attachment';

export interface DraftState {
  text: string;
  attachments: readonly DraftAttachment[];
}

const EMPTY: DraftState = { text: '', attachments: [] };

const sameAttachment = (a: DraftAttachment, b: DraftAttachment) => a.type === b.type && a.id === b.id;

export class DraftStore {
  private state: DraftState = EMPTY;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): DraftState => this.state;

  private set(next: DraftState): void {
    if (next.text === this.state.text && next.attachments === this.state.attachments) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  setText(text: string | ((current: string) => string)): void {
    const next = typeof text === 'function' ? text(this.state.text) : text;
    this.set({ ...this.state, text: next.slice(0, CHAT_MESSAGE_MAX_LENGTH) });
  }

  /** A tool's text: after what is there, with a blank line between (clipped to a message's maximum). */
  appendText(text: string): void {
    const addition = text.trim();
    if (!addition) return;
    this.setText((current) => {
      const kept = current.replace(/\s+$/, '');
      return kept ? `${kept}\n\n${addition}` : addition;
    });
  }

  /** New attachments after the ones there (an attachment already there is not added twice). */
  addAttachments(attachments: readonly DraftAttachment[]): void {
    const fresh = attachments.filter((a) => !this.state.attachments.some((b) => sameAttachment(a, b)));
    if (!fresh.length) return;
    this.set({
      ...this.state,
      attachments: [...this.state.attachments, ...fresh].slice(0, CHAT_ATTACHMENTS_MAX),
    });
  }

  removeAttachment(attachment: DraftAttachment): void {
    this.set({
      ...this.state,
      attachments: this.state.attachments.filter((a) => !sameAttachment(a, attachment)),
    });
  }

  /** Empties the draft; answers what it held. */
  take(): DraftState {
    const taken = this.state;
    this.set(EMPTY);
    return taken;
  }

  /**
   * Gives back a draft that was not sent: its text when the input is blank again (never over what
   * the user typed since), and its attachments before any added since.
   */
  restore(draft: DraftState): void {
    const textBack = !this.state.text.trim() && draft.text.trim() ? draft.text : this.state.text;
    const extra = this.state.attachments.filter((a) => !draft.attachments.some((b) => sameAttachment(a, b)));
    this.set({
      text: textBack,
      attachments: [...draft.attachments, ...extra].slice(0, CHAT_ATTACHMENTS_MAX),
    });
  }
}
