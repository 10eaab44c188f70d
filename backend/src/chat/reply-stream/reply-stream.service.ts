import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Response } from 'express';
import type { ChatStreamEvent } from '@kasa/contracts';
import { EventStreamWriter, KEEP_ALIVE_MS, openEventStream } from '../../common/sse';
import type { User } from '../../users';
import { MESSAGE_NOT_FOUND, messageNotFound, resumeOffsetBeyond } from '../chat.errors';
import { ChatGenerationService, PROGRESS_INTERVAL_MS } from '../generation/chat-generation.service';
import type { GenerationTask } from '../generation/generation-task';
import { REPLY_BUS, type ReplyBus, type ReplyBusFollow } from './reply-bus.port';
import { ReplyCursor } from './reply-cursor';
import { ReplyPublisher } from './reply-publisher';
import { type ReplyRow, ReplyStreamRepository } from './reply-stream.repository';

/**
 * While following a reply through the bus, the saved row is read this often: it ends the stream
 * when the writer died (no final event will come) and is the only source when the bus failed.
 */
export const FOLLOW_CHECK_MS = 5_000;

/** The final event of a reply saved as over, as its stream ended. */
export function finalEventOfReply(row: ReplyRow): ChatStreamEvent {
  if (row.status === 'failed')
    return {
      error: row.error ?? 'The reply failed.',
      ...(row.errorCode ? { code: row.errorCode } : {}),
      conversationId: row.conversationId,
    };
  if (row.status === 'stopped') return { done: true, stopped: true, conversationId: row.conversationId };
  return { done: true, conversationId: row.conversationId };
}

/**
 * Resumable replies (chatReplyStreamPath). Publishes every reply written here on the
 * reply bus, coalesced (the POST stream never waits on it), and serves a reply from an offset on
 * any instance: from the live task when this instance writes it, from the saved row when it is
 * over, else from the bus (replay, then tail) with the saved text filling any gap.
 */
@Injectable()
export class ReplyStreamService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReplyStream');
  private readonly publisher: ReplyPublisher;
  private lastBusWarning = 0;

  constructor(
    @Inject(REPLY_BUS) private readonly bus: ReplyBus,
    private readonly generation: ChatGenerationService,
    private readonly repository: ReplyStreamRepository,
  ) {
    this.publisher = new ReplyPublisher({
      flushIntervalMs: bus.flushIntervalMs,
      publish: (batch) => bus.publish(batch),
      onError: (error) => this.warnBus('Publishing reply chunks failed', error),
    });
    this.generation.onTaskStarted((task) => this.publish(task));
  }

  onApplicationBootstrap(): void {
    this.bus.start?.();
  }

  async onApplicationShutdown(): Promise<void> {
    // Replies cut by the shutdown have their final events queued: publish them first.
    await this.publisher.drain();
    this.publisher.stop();
    await this.bus.close().catch(() => undefined);
  }

  /**
   * Answers the reply `assistantMessageId` of `user` on `response` as a chat event stream: the ids
   * event (id 0), the text after `afterOffset`, the live chunks, the final event, then the end.
   * Throws before writing anything: 404 CHAT_MESSAGE_NOT_FOUND when the message is not the user's
   * reply, 400 when `afterOffset` is past its text (when that is known: a finished reply, or one
   * written by this instance; one written elsewhere may be ahead of the bus, so it is waited for).
   * Resolves once the stream is under way (not when it ends); the client going away stops it.
   * `idsExtra` joins the ids event (a retried voice turn's transcription).
   */
  async streamReply(
    user: User,
    assistantMessageId: string,
    afterOffset: number,
    response: Response,
    idsExtra: Pick<ChatStreamEvent, 'transcription'> = {},
  ): Promise<void> {
    const row = await this.repository.findReply(user.id, assistantMessageId);
    if (!row) throw messageNotFound();
    const ids: ChatStreamEvent = {
      conversationId: row.conversationId,
      ...(row.userMessageId ? { userMessageId: row.userMessageId } : {}),
      assistantMessageId: row.id,
      ...idsExtra,
    };
    const local = this.generation.find(row.id);
    if (local) return this.fromTask(local, ids, afterOffset, response);
    if (row.status !== 'streaming') {
      if (afterOffset > row.content.length) throw resumeOffsetBeyond();
      const { cursor } = this.open(response, ids, afterOffset);
      cursor.finish(row.content, finalEventOfReply(row));
      return;
    }
    return this.fromBus(user, row, ids, afterOffset, response);
  }

  /** Every chunk of a reply written here goes to the bus, gathered by the publisher. */
  private publish(task: GenerationTask): void {
    const pending = this.publisher.open(task.id);
    task.subscribe((event, offset) => {
      if (event.content !== undefined) this.publisher.chunk(pending, event.content, offset);
      else if (event.done || event.error) this.publisher.finish(pending, event, offset);
    });
  }

  private fromTask(
    task: GenerationTask,
    ids: ChatStreamEvent,
    afterOffset: number,
    response: Response,
  ): void {
    if (afterOffset > task.content.length) throw resumeOffsetBeyond();
    openEventStream(response);
    const writer = new EventStreamWriter(response);
    writer.event(0, ids);
    const keepAlive = setInterval(() => writer.keepAlive(), KEEP_ALIVE_MS);
    const unsubscribe = task.subscribe((event, offset) => {
      writer.chatEvent(offset, event);
      if (event.done || event.error) writer.end();
    }, afterOffset);
    response.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  }

  /** Opens the stream with its ids event; the cursor writes the rest and ends the response. */
  private open(
    response: Response,
    ids: ChatStreamEvent,
    afterOffset: number,
  ): { cursor: ReplyCursor; writer: EventStreamWriter } {
    openEventStream(response);
    const writer = new EventStreamWriter(response);
    writer.event(0, ids);
    const cursor = new ReplyCursor(afterOffset, (event, offset) => {
      writer.chatEvent(offset, event);
      if (event.done || event.error) writer.end();
    });
    return { cursor, writer };
  }

  /**
   * A reply another instance writes. The bus follow starts before anything is written: its replay
   * and the saved text are both fed to the cursor, which writes each offset once, so reading,
   * replaying and subscribing can happen in any order without a gap or a repeat.
   */
  private async fromBus(
    user: User,
    row: ReplyRow,
    ids: ChatStreamEvent,
    afterOffset: number,
    response: Response,
  ): Promise<void> {
    let cursor: ReplyCursor | null = null;
    const early: Parameters<ReplyCursor['offerRecords']>[0] = [];
    let busFailed = false;
    let follow: ReplyBusFollow | null = null;
    let checkTimer: NodeJS.Timeout | null = null;
    let checkDue = 0;
    let keepAlive: NodeJS.Timeout | null = null;
    let closed = false;
    const stop = () => {
      if (closed) return;
      closed = true;
      follow?.close();
      if (checkTimer) clearTimeout(checkTimer);
      if (keepAlive) clearInterval(keepAlive);
    };
    const check = async (): Promise<void> => {
      checkTimer = null;
      if (closed || !cursor) return;
      try {
        const fresh = await this.repository.findReply(user.id, row.id);
        if (closed) return;
        if (!fresh) cursor.finish('', { error: MESSAGE_NOT_FOUND, code: 'CHAT_MESSAGE_NOT_FOUND' });
        else if (fresh.status !== 'streaming') cursor.finish(fresh.content, finalEventOfReply(fresh));
        else cursor.offerPrefix(fresh.content);
      } catch (error) {
        this.warnBus('Reading a followed reply failed', error);
      }
      if (cursor.finished) return stop();
      scheduleCheck();
    };
    /** Saved progress lands every PROGRESS_INTERVAL_MS: read that often while the bus cannot help. */
    const scheduleCheck = () => {
      if (closed || !cursor) return;
      const delay = busFailed || cursor.hasGap ? PROGRESS_INTERVAL_MS : FOLLOW_CHECK_MS;
      if (checkTimer && checkDue <= Date.now() + delay) return;
      if (checkTimer) clearTimeout(checkTimer);
      checkDue = Date.now() + delay;
      checkTimer = setTimeout(() => void check(), delay);
      checkTimer.unref();
    };
    const onRecords = (records: Parameters<ReplyCursor['offerRecords']>[0]) => {
      if (!cursor) return void early.push(...records);
      cursor.offerRecords(records);
      if (cursor.finished) stop();
      else if (cursor.hasGap) scheduleCheck();
    };
    const onError = (error: unknown) => {
      busFailed = true;
      this.warnBus('Following a reply on the bus failed', error);
      scheduleCheck();
    };
    try {
      follow = await this.bus.follow(row.id, onRecords, onError);
    } catch (error) {
      busFailed = true;
      this.warnBus('Following a reply on the bus failed', error);
    }
    // No 400 for an offset past what is known here: the client may have read text from the writer
    // that neither the bus nor the saved row has yet. The cursor skips up to it as it arrives.
    const opened = this.open(response, ids, afterOffset);
    cursor = opened.cursor;
    response.on('close', stop);
    keepAlive = setInterval(() => opened.writer.keepAlive(), KEEP_ALIVE_MS);
    cursor.offerPrefix(row.content);
    cursor.offerRecords(early.splice(0));
    if (cursor.finished) return stop();
    scheduleCheck();
  }

  /** Bus failures are logged (at most every few seconds), never passed on to a reply. */
  private warnBus(what: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastBusWarning < 5_000) return;
    this.lastBusWarning = now;
    this.logger.warn(
      `${what} (${this.bus.backend}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
