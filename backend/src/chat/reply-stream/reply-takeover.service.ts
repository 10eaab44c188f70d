import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ChatStreamEvent } from '@kasa/contracts';
import { UsageService } from '../../usage';
import { ChatGenerationService, REPLY_INTERRUPTED } from '../generation/chat-generation.service';
import type { AbandonedReply } from '../generation/reply.rows';
import { type FinalReply, ReplyRepository } from '../generation/reply.repository';
import { LEGACY_STALE_REPLY_MS, REPLY_LEASE_SWEEP_MS } from '../generation/reply-lease';
import { REPLY_BUS, type ReplyBus, type ReplyBusRecord } from './reply-bus.port';
import { ReplyCursor } from './reply-cursor';

/** How a taken-over reply ends when its writer published no final event. */
export type TakeoverOutcome = 'failed' | 'stopped';

/**
 * The reply's text as far as it is known without a gap: the saved text, then the bus records
 * (which may start before it, or after it when the bus lost some), through the same cursor a
 * resume uses. The final event, when the writer published one.
 */
export function replyFromBus(
  saved: string,
  records: ReplyBusRecord[],
): { content: string; final: ChatStreamEvent | null } {
  let content = '';
  const cursor = new ReplyCursor(0, (event) => {
    if (event.content !== undefined) content += event.content;
  });
  cursor.offerPrefix(saved);
  cursor.offerRecords(records.filter((record) => !record.final));
  const final = records.find((record) => record.final)?.final ?? null;
  return { content, final };
}

/** The saved state of a reply whose writer published `final` (its final save never happened). */
function finalReplyOf(content: string, final: ChatStreamEvent): FinalReply {
  if (final.error)
    return {
      status: 'failed',
      content,
      error: { code: final.code ?? REPLY_INTERRUPTED.code, message: final.error },
    };
  return { status: final.stopped ? 'stopped' : 'complete', content, error: null };
}

/**
 * Ends replies whose writer is gone (docs/operations.md#replies-whose-writer-stops). Every instance
 * looks every REPLY_LEASE_SWEEP_MS for 'streaming' replies whose writer's lease lapsed, and takes
 * one over when two looks in a row saw the same lapsed lease (a writer back from a database
 * outage renews first). The takeover saves the text the reply bus published (everything readers
 * were shown, more than the last progress save), ends the reply as interrupted (or as its writer
 * ended it, when the bus has the final event but the database never got it), gives the message
 * back when it failed, and publishes the final event so that resumed readers end at once.
 */
@Injectable()
export class ReplyTakeoverService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReplyTakeover');
  /** Lapsed leases seen on the last look: reply id → what was seen (AbandonedReply.seen). */
  private lapsed = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private lastWarning = 0;

  constructor(
    @Inject(REPLY_BUS) private readonly bus: ReplyBus,
    private readonly repository: ReplyRepository,
    private readonly generation: ChatGenerationService,
    private readonly usage: UsageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), REPLY_LEASE_SWEEP_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look; answers how many replies it ended. */
  async sweep(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    let ended = 0;
    try {
      const rows = await this.repository.findAbandonedReplies(
        LEGACY_STALE_REPLY_MS,
        this.generation.heldReplyIds(),
      );
      const seenNow = new Map<string, string>();
      for (const row of rows) {
        // A reply from before leases was already untouched for minutes: no second look needed.
        if (row.leased && this.lapsed.get(row.id) !== row.seen) {
          seenNow.set(row.id, row.seen);
          continue;
        }
        if (await this.takeOver(row, 'failed')) ended++;
      }
      this.lapsed = seenNow;
      if (ended) this.logger.warn(`${ended} repl(y/ies) whose writer stopped ended from the reply bus.`);
    } catch (error) {
      this.warn('Looking for replies whose writer stopped failed', error);
    } finally {
      this.sweeping = false;
    }
    return ended;
  }

  /**
   * Ends one abandoned reply with everything published of it; `outcome` when its writer published
   * no final event. False when another instance, or its writer, got there first.
   */
  async takeOver(row: AbandonedReply, outcome: TakeoverOutcome): Promise<boolean> {
    let records: ReplyBusRecord[] = [];
    try {
      records = await this.bus.read(row.id);
    } catch (error) {
      // The bus is away too: the saved text is what is left.
      this.warn(`Reading reply ${row.id} from the bus failed`, error);
    }
    const { content, final: published } = replyFromBus(row.content, records);
    const final: FinalReply = published
      ? finalReplyOf(content, published)
      : outcome === 'stopped'
        ? { status: 'stopped', content, error: null }
        : { status: 'failed', content, error: REPLY_INTERRUPTED };
    if (!(await this.repository.takeOverReply(row.id, row.seen, final))) return false;
    // Each send took one message; its reservation died with the writer.
    if (final.status === 'failed')
      await this.usage
        .refundAt(row.userId, 'messagesPerMonth', 1, row.createdAt)
        .catch((error: unknown) => this.warn(`Giving back the message of reply ${row.id} failed`, error));
    if (!published) {
      const event: ChatStreamEvent =
        final.status === 'stopped'
          ? { done: true, stopped: true, conversationId: row.conversationId }
          : {
              error: REPLY_INTERRUPTED.message,
              code: REPLY_INTERRUPTED.code,
              conversationId: row.conversationId,
            };
      // Resumed readers end now; one that misses it reads the saved row on its next check.
      await this.bus
        .publish([{ replyId: row.id, records: [{ endOffset: content.length, final: event }] }])
        .catch((error: unknown) => this.warn(`Publishing the end of reply ${row.id} failed`, error));
    }
    return true;
  }

  private warn(what: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 5_000) return;
    this.lastWarning = now;
    this.logger.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
