import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { ChatStreamEvent } from '@kasa/contracts';
import {
  CHAT_MODEL,
  type ChatModel,
  ChatModelError,
  type ChatReplyOutcome,
  type ReadableFailure,
} from '../../ai/chat-model.port';
import { type AbortReason, type GenerationSpec, GenerationTask } from './generation-task';
import { AbortableIterator } from './next-unless-aborted';
import { type FinalReply, ReplyRepository } from './reply.repository';
import { REPLY_LEASE_RENEW_MS } from './reply-lease';

export const REPLY_INTERRUPTED = {
  code: 'CHAT_REPLY_INTERRUPTED',
  message: 'The reply was interrupted by a server restart.',
} satisfies ReadableFailure;
export const REPLY_FAILED = {
  code: 'CHAT_REPLY_FAILED',
  message: 'Sorry, something went wrong while writing the reply. Please try again.',
} satisfies ReadableFailure;

/** The stream's last event for a failed reply: the English words, their code, the conversation. */
function errorEvent(failure: ReadableFailure, conversationId: string): ChatStreamEvent {
  return { error: failure.message, code: failure.code, conversationId };
}

/** How often the text written so far is saved and Stop flags are read. */
export const PROGRESS_INTERVAL_MS = 500;
/** Replies with no new text are still saved this often: the save renews the writer's lease. */
export const HEARTBEAT_INTERVAL_MS = REPLY_LEASE_RENEW_MS;
/** A final save that failed (the database unreachable) is tried again after this, doubling... */
export const FINAL_SAVE_RETRY_MS = 500;
/** ...up to this. */
export const FINAL_SAVE_RETRY_MAX_MS = 5_000;
/** On shutdown, running replies get this long to finish before they are cut. */
export const SHUTDOWN_GRACE_MS = 4_000;
/** Longest wait for a cut reply to be saved (Stop, delete, shutdown). */
const SETTLE_TIMEOUT_MS = 5_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });

/** A finished reply whose final save failed (the database unreachable): saved again with backoff. */
interface UnsavedFinal {
  task: GenerationTask;
  final: FinalReply;
  /** The final event was an error: the message is given back once it is saved. */
  refund: boolean;
  dueAt: number;
  delayMs: number;
}

/**
 * Writes assistant replies as in-process tasks owned by this service, not by HTTP requests:
 * a client that disconnects does not stop its reply, which is saved whole. Progress is saved
 * every half second (a reload mid-reply shows it, and `generating`); every save renews this
 * instance's lease on the reply (reply-lease.ts), at least every 2 s. Stop works here through the
 * task's AbortController and from other instances through the `stop_requested` flag read on the
 * same beat. Shutdown lets replies finish for a moment, then saves them as interrupted. A final
 * save that fails (PostgreSQL unreachable) is kept in memory and tried again with backoff while
 * the lease is renewed, so the saved reply is the text that was shown
 * (docs/operations.md#replies-whose-writer-stops). Replies whose writer died are ended by
 * ReplyTakeoverService on another instance.
 *
 * A failed reply's message is given back by whoever moves the reply out of 'streaming': the task
 * that saves its final state, or the takeover that ends it. So it is given back once. A reply
 * that found nothing (ChatReplyOutcome.nothingFound) gives its message back in the very statement
 * that saves it as complete (FinalReply.giveBack): once, and never lost between two statements.
 */
@Injectable()
export class ChatGenerationService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ChatGeneration');
  /**
   * The replies this process writes. Other processes reach them through the reply bus and the
   * database (stop, resume: chat/reply-stream/), never through this map.
   */
  private readonly tasks = new Map<string, GenerationTask>();
  /** Finished here, final save still to do (keyed by reply id). */
  private readonly unsaved = new Map<string, UnsavedFinal>();
  private progressTimer: NodeJS.Timeout | null = null;
  private ticking = false;
  private lastSaveWarning = 0;
  private lastHeartbeat = Date.now();
  private closing = false;
  /** Called with every reply started here (the reply bus publishes it for other instances). */
  private readonly startHooks: Array<(task: GenerationTask) => void> = [];

  constructor(
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly repository: ReplyRepository,
  ) {}

  /** True once shutdown began: no new reply may start. */
  get isClosing(): boolean {
    return this.closing;
  }

  /** Registers a hook called with every reply started here, before its first chunk. */
  onTaskStarted(hook: (task: GenerationTask) => void): void {
    this.startHooks.push(hook);
  }

  /** Starts writing a reply whose 'streaming' row is already stored. */
  start(spec: GenerationSpec): GenerationTask {
    const task = new GenerationTask(spec);
    this.tasks.set(task.id, task);
    for (const hook of this.startHooks) {
      try {
        hook(task);
      } catch (error) {
        this.logger.warn(`A reply hook failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.ensureProgressTimer();
    void this.run(task);
    return task;
  }

  /** The reply being written here (or written here, its final save pending), if this instance has it. */
  find(assistantMessageId: string): GenerationTask | undefined {
    return this.tasks.get(assistantMessageId) ?? this.unsaved.get(assistantMessageId)?.task;
  }

  /** The replies this instance holds the lease of: being written, or finished and not saved yet. */
  heldReplyIds(): string[] {
    return [...this.tasks.keys(), ...this.unsaved.keys()];
  }

  /** Cuts a reply written here and waits (briefly) until its final state is saved. */
  async abort(assistantMessageId: string, reason: AbortReason): Promise<boolean> {
    const task = this.tasks.get(assistantMessageId);
    if (!task) return false;
    task.abort(reason);
    await Promise.race([task.settled, sleep(SETTLE_TIMEOUT_MS)]);
    return true;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.tasks.size) {
      this.logger.log(`Shutting down: ${this.tasks.size} repl(y/ies) still being written.`);
      await Promise.race([this.allSettled(), sleep(SHUTDOWN_GRACE_MS)]);
      for (const task of this.tasks.values()) task.abort('shutdown');
      await Promise.race([this.allSettled(), sleep(SETTLE_TIMEOUT_MS)]);
    }
    // A last try for finals the database refused; left unsaved, another instance saves them from
    // the reply bus once their lease lapses (ReplyTakeoverService).
    if (this.unsaved.size) await Promise.race([this.saveUnsaved(true), sleep(SETTLE_TIMEOUT_MS)]);
    this.stopProgressTimer();
  }

  private allSettled(): Promise<unknown> {
    return Promise.all([...this.tasks.values()].map((task) => task.settled));
  }

  private async run(task: GenerationTask): Promise<void> {
    const { signal } = task.controller;
    let failure: ReadableFailure | null = null;
    let outcome: ChatReplyOutcome | void = undefined;
    try {
      const prompt = task.spec.prepare
        ? await task.spec.prepare(signal)
        : { messages: task.spec.messages, attachments: undefined };
      if (signal.aborted) return await this.finish(task, null);
      const stream = this.model.stream({
        messages: prompt.messages,
        model: task.spec.model,
        userId: task.spec.userId,
        signal,
        knowledgeExcludeIds: [task.spec.userMessageId, task.spec.assistantMessageId],
        onWaiting: (ahead) => task.wait(ahead),
        ...(prompt.attachments?.length ? { attachments: prompt.attachments } : {}),
      });
      const iterator = stream[Symbol.asyncIterator]();
      // An adapter that is slow to notice the abort must not hold Stop or shutdown up.
      const reader = new AbortableIterator(iterator, signal);
      try {
        for (;;) {
          const next = await reader.next();
          if (next === 'aborted') {
            void iterator.return?.()?.catch(() => undefined);
            break;
          }
          if (next.done) {
            outcome = next.value;
            break;
          }
          if (typeof next.value === 'string' && next.value.length) task.append(next.value);
        }
      } finally {
        reader.close();
      }
    } catch (error) {
      if (!signal.aborted) {
        if (error instanceof ChatModelError) {
          failure = { code: error.code, message: error.message };
        } else {
          failure = REPLY_FAILED;
          this.logger.error(
            `Reply ${task.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        }
      }
    }
    await this.finish(task, failure, outcome);
  }

  private async finish(
    task: GenerationTask,
    failure: ReadableFailure | null,
    outcome?: ChatReplyOutcome | void,
  ): Promise<void> {
    const { conversationId } = task.spec;
    const reason = task.abortReason;
    let final: {
      status: 'complete' | 'stopped' | 'failed';
      error: ReadableFailure | null;
      event: ChatStreamEvent;
    };
    if (reason === 'shutdown') {
      final = {
        status: 'failed',
        error: REPLY_INTERRUPTED,
        event: errorEvent(REPLY_INTERRUPTED, conversationId),
      };
    } else if (reason) {
      final = { status: 'stopped', error: null, event: { done: true, stopped: true, conversationId } };
    } else if (failure) {
      final = { status: 'failed', error: failure, event: errorEvent(failure, conversationId) };
    } else {
      final = { status: 'complete', error: null, event: { done: true, conversationId } };
    }
    const { reservation } = task.spec;
    const finalReply: FinalReply = {
      status: final.status,
      content: task.content,
      error: final.error,
      ...(final.status === 'complete' && outcome?.nothingFound ? { giveBack: reservation.toJSON() } : {}),
    };
    let savedHere = false;
    try {
      savedHere = await this.repository.finishReply(task.id, finalReply);
      if (savedHere && finalReply.giveBack) reservation.markGivenBack();
      task.savedLength = task.content.length;
      task.savedCharacters = countCharacters(task.content);
    } catch (error) {
      if (reason === 'deleted') {
        this.warnSave(`Reply ${task.id} could not be saved`, error);
      } else {
        // The reader saw the whole reply: keep it and save it when the database answers again
        // (its final event also went on the reply bus for other instances).
        this.warnSave(`Reply ${task.id} could not be saved; trying again`, error);
        this.unsaved.set(task.id, {
          task,
          final: finalReply,
          refund: Boolean(final.event.error),
          dueAt: Date.now() + FINAL_SAVE_RETRY_MS,
          delayMs: FINAL_SAVE_RETRY_MS,
        });
      }
    }
    // A reply that ends in an error costs the user nothing; a stopped one was their choice. Not
    // saved here: a takeover ended it (and gave the message back), or the save is retried and
    // gives it back then.
    if (final.event.error && savedHere) await task.spec.reservation.refund();
    this.tasks.delete(task.id);
    if (!this.tasks.size && !this.unsaved.size) this.stopProgressTimer();
    task.finish(final.event);
  }

  /** Saves again the finals the database refused (those due, or all when `all`). */
  private async saveUnsaved(all = false): Promise<void> {
    const now = Date.now();
    for (const entry of [...this.unsaved.values()]) {
      if (!all && entry.dueAt > now) continue;
      try {
        const saved = await this.repository.finishReply(entry.task.id, entry.final);
        this.unsaved.delete(entry.task.id);
        if (saved && entry.final.giveBack) entry.task.spec.reservation.markGivenBack();
        if (saved && entry.refund) await entry.task.spec.reservation.refund();
        this.logger.log(`Reply ${entry.task.id} saved after the database came back.`);
      } catch (error) {
        entry.delayMs = Math.min(entry.delayMs * 2, FINAL_SAVE_RETRY_MAX_MS);
        entry.dueAt = Date.now() + entry.delayMs;
        this.warnSave(`Reply ${entry.task.id} still cannot be saved`, error);
        if (!all) return; // the database is still away: the others wait for their turn
      }
    }
    if (!this.tasks.size && !this.unsaved.size) this.stopProgressTimer();
  }

  /** One warning every few seconds at most while the database is away, not one per reply per tick. */
  private warnSave(what: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastSaveWarning < 5_000) return;
    this.lastSaveWarning = now;
    this.logger.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private ensureProgressTimer(): void {
    if (this.progressTimer) return;
    this.progressTimer = setInterval(() => void this.tick(), PROGRESS_INTERVAL_MS);
    this.progressTimer.unref();
  }

  private stopProgressTimer(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    this.progressTimer = null;
  }

  /** Saves the text of every running reply that grew (all of them on a heartbeat), then reads Stop flags. */
  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const heartbeat = now - this.lastHeartbeat >= HEARTBEAT_INTERVAL_MS;
      const running = [...this.tasks.values()].filter((task) => !task.finished);
      // Only the text written since the last save goes to the database: resending whole replies
      // made each save cost as much as every reply's length (megabytes at a thousand replies).
      const toSave = running
        .filter((task) => heartbeat || task.dirty)
        .map((task) => {
          const delta = task.content.slice(task.savedLength);
          return { task, delta, length: task.content.length, characters: countCharacters(delta) };
        });
      if (toSave.length) {
        await this.repository.saveProgress(
          toSave.map(({ task, delta }) => ({ id: task.id, offset: task.savedCharacters, delta })),
        );
        for (const { task, length, characters } of toSave) {
          if (task.finished) continue;
          task.savedLength = length;
          task.savedCharacters += characters;
        }
      }
      if (heartbeat && this.unsaved.size) await this.repository.renewLeases([...this.unsaved.keys()]);
      if (heartbeat) this.lastHeartbeat = now;
      if (this.unsaved.size) await this.saveUnsaved();

      const live = running.filter((task) => !task.finished && !task.controller.signal.aborted);
      if (!live.length) return;
      const signals = new Map(
        (await this.repository.readStopSignals(live.map((task) => task.id))).map((s) => [s.id, s]),
      );
      for (const task of live) {
        const signal = signals.get(task.id);
        if (!signal) task.abort('deleted');
        else if (signal.stopRequested) task.abort('stop');
      }
    } catch (error) {
      // Renew every lease on the next tick that reaches the database (after an outage, before
      // other instances look twice at the lapsed leases).
      this.lastHeartbeat = 0;
      this.warnSave('Saving reply progress failed', error);
    } finally {
      this.ticking = false;
    }
  }
}

const SURROGATE = /[\uD800-\uDBFF]/;

/** Characters as PostgreSQL counts them (code points; a JavaScript string counts UTF-16 units). */
function countCharacters(text: string): number {
  // Most text has no surrogate pair: one native scan instead of a loop over every unit (this runs
  // on every reply's new text twice a second).
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
