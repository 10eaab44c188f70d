import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ChatStreamEvent } from '@kasa/contracts';
import { CHAT_MODEL, type ChatModel, ChatModelError, type ReadableFailure } from '../../ai/chat-model.port';
import { UsageService } from '../../usage';
import { ChatRepository } from '../chat.repository';
import { type AbortReason, type GenerationSpec, GenerationTask } from './generation-task';
import { AbortableIterator } from './next-unless-aborted';

export const REPLY_INTERRUPTED = {
  code: 'CHAT_REPLY_INTERRUPTED',
  message: 'The reply was interrupted by a server restart.',
} satisfies ReadableFailure;
export const REPLY_FAILED = {
  code: 'CHAT_REPLY_FAILED',
  message: 'Sorry, something went wrong while writing the reply. Please try again.',
} satisfies ReadableFailure;
export const REPLY_NOT_SAVED = {
  code: 'CHAT_REPLY_NOT_SAVED',
  message: 'The reply could not be saved. Please try again.',
} satisfies ReadableFailure;

/** The stream's last event for a failed reply: the English words, their code, the conversation. */
function errorEvent(failure: ReadableFailure, conversationId: string): ChatStreamEvent {
  return { error: failure.message, code: failure.code, conversationId };
}

/** How often the text written so far is saved and Stop flags are read. */
export const PROGRESS_INTERVAL_MS = 500;
/** Replies with no new text are still touched this often, so other instances see them alive. */
export const HEARTBEAT_INTERVAL_MS = 20_000;
/** A 'streaming' reply untouched this long belongs to a process that died. */
export const STALE_REPLY_MS = 120_000;
/** How often every instance looks for such replies. */
export const STALE_SWEEP_INTERVAL_MS = 60_000;
/** On shutdown, running replies get this long to finish before they are cut. */
export const SHUTDOWN_GRACE_MS = 4_000;
/** Longest wait for a cut reply to be saved (Stop, delete, shutdown). */
const SETTLE_TIMEOUT_MS = 5_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });

/**
 * Writes assistant replies as in-process tasks owned by this service, not by HTTP requests:
 * a client that disconnects does not stop its reply, which is saved whole. Progress is saved
 * every half second (a reload mid-reply shows it, and `generating`); Stop works here through the
 * task's AbortController and from other instances through the `stop_requested` flag read on the
 * same beat. Shutdown lets replies finish for a moment, then saves them as interrupted; at start
 * (and every minute) replies abandoned by a dead process are marked failed and their messages
 * given back.
 *
 * A failed reply's message is given back by whoever moves the reply out of 'streaming': the task
 * that saves its final state, or the sweep that fails it. So it is given back once, even when a
 * sweep fails a reply a live but unreachable process is still writing.
 */
@Injectable()
export class ChatGenerationService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ChatGeneration');
  private readonly tasks = new Map<string, GenerationTask>();
  private progressTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private ticking = false;
  private lastHeartbeat = Date.now();
  private closing = false;
  /** Called with every reply started here (the reply bus publishes it for other instances). */
  private readonly startHooks: Array<(task: GenerationTask) => void> = [];

  constructor(
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly repository: ChatRepository,
    private readonly usage: UsageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.failStaleReplies();
    this.sweepTimer = setInterval(() => void this.failStaleReplies(), STALE_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

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

  /** The reply being written here, if this instance writes it. */
  find(assistantMessageId: string): GenerationTask | undefined {
    return this.tasks.get(assistantMessageId);
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
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    if (this.tasks.size) {
      this.logger.log(`Shutting down: ${this.tasks.size} repl(y/ies) still being written.`);
      await Promise.race([this.allSettled(), sleep(SHUTDOWN_GRACE_MS)]);
      for (const task of this.tasks.values()) task.abort('shutdown');
      await Promise.race([this.allSettled(), sleep(SETTLE_TIMEOUT_MS)]);
    }
    this.stopProgressTimer();
  }

  private allSettled(): Promise<unknown> {
    return Promise.all([...this.tasks.values()].map((task) => task.settled));
  }

  private async run(task: GenerationTask): Promise<void> {
    const { signal } = task.controller;
    let failure: ReadableFailure | null = null;
    try {
      const prompt = task.spec.prepare
        ? await task.spec.prepare(signal)
        : { messages: task.spec.messages, attachments: undefined };
      if (signal.aborted) return await this.finish(task, null);
      const stream = this.model.stream({
        messages: prompt.messages,
        userId: task.spec.userId,
        signal,
        knowledgeExcludeIds: [task.spec.userMessageId, task.spec.assistantMessageId],
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
          if (next.done) break;
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
    await this.finish(task, failure);
  }

  private async finish(task: GenerationTask, failure: ReadableFailure | null): Promise<void> {
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
    let savedHere = false;
    try {
      savedHere = await this.repository.finishReply(task.id, {
        status: final.status,
        content: task.content,
        error: final.error,
      });
      task.savedLength = task.content.length;
      task.savedCharacters = countCharacters(task.content);
    } catch (error) {
      this.logger.error(
        `Reply ${task.id} could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (reason !== 'deleted') final.event = errorEvent(REPLY_NOT_SAVED, conversationId);
    }
    // A reply that ends in an error costs the user nothing; a stopped one was their choice. Not
    // saved here: a sweep failed it (and gave the message back), or the save failed and the row,
    // still 'streaming', is left to the sweep, which gives it back then.
    if (final.event.error && savedHere) await task.spec.reservation.refund();
    this.tasks.delete(task.id);
    if (!this.tasks.size) this.stopProgressTimer();
    task.finish(final.event);
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
      if (heartbeat) this.lastHeartbeat = now;

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
      this.logger.warn(
        `Saving reply progress failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.ticking = false;
    }
  }

  private async failStaleReplies(): Promise<void> {
    try {
      const failed = await this.repository.failStaleReplies(STALE_REPLY_MS, REPLY_INTERRUPTED, [
        ...this.tasks.keys(),
      ]);
      if (!failed.length) return;
      this.logger.warn(`${failed.length} interrupted repl(y/ies) marked failed; their messages given back.`);
      // Each send took one message (ChatService.send); its reservation died with the process.
      for (const reply of failed)
        await this.usage.refundAt(reply.userId, 'messagesPerMonth', 1, reply.createdAt);
    } catch (error) {
      this.logger.warn(
        `Looking for interrupted replies failed: ${error instanceof Error ? error.message : String(error)}`,
      );
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
