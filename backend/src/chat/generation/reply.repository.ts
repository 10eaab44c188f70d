import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatMessageStatus } from '@kasa/contracts';
import type { DataSource } from 'typeorm';
import type { ReadableFailure } from '../../ai/chat-model.port';
import { BatchItemFailure, BatchWhileBusy } from '../../common';
import { refundCountersCte, type ReservedUsage } from '../../usage';
import {
  type AbandonedReply,
  type AbandonedReplyRow,
  type StopSignal,
  type StopSignalRow,
  type StreamingReply,
  type StreamingReplyRow,
  toAbandonedReply,
  toStopSignal,
  toStreamingReply,
} from './reply.rows';
import { LEASE_UNTIL_SQL } from './reply-lease';

/** A reply's final state (ReplyRepository.finishReply). */
export interface FinalReply {
  status: Exclude<ChatMessageStatus, 'streaming'>;
  content: string;
  error: ReadableFailure | null;
  /**
   * Usage given back by the statement that ends the reply (a reply that found nothing costs no
   * message): only a reply still 'streaming' is ended, so it is given back once.
   */
  giveBack?: ReservedUsage;
}

/** Replies saved per progress statement. */
const PROGRESS_BATCH = 250;

/** The lease and last save of a row, to the microsecond, as one value (AbandonedReply.seen). */
const SEEN_SQL = `concat_ws(':', (extract(epoch FROM "lease_until") * 1000000)::bigint,
  (extract(epoch FROM "updated_at") * 1000000)::bigint)`;

/** A lapsed lease, or no lease and no save for $1 ms (replies started before leases). */
const ABANDONED_SQL = `("lease_until" < clock_timestamp()
  OR ("lease_until" IS NULL AND "updated_at" < clock_timestamp() - make_interval(secs => $1::double precision / 1000)))`;

/**
 * The rows of replies being written (chat_messages with status 'streaming'): progress saves,
 * batched final saves, the writer's lease, Stop flags, and the takeover of replies whose writer
 * is gone (generation/reply-lease.ts).
 */
@Injectable()
export class ReplyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The replies still being written in one of this user's conversations; `abandoned` when no live
   * instance holds them (see ABANDONED_SQL), with what a takeover needs.
   */
  async findStreamingReplies(
    userId: string,
    conversationId: string,
    legacyStaleMs: number,
  ): Promise<StreamingReply[]> {
    const rows = await this.dataSource.query<StreamingReplyRow[]>(
      `SELECT "id", "user_id", "conversation_id", "content", "created_at", "lease_until" IS NOT NULL AS "leased",
              ${SEEN_SQL} AS "seen", ${ABANDONED_SQL} AS "abandoned"
         FROM "chat_messages"
        WHERE "conversation_id" = $2 AND "user_id" = $3 AND "status" = 'streaming'`,
      [legacyStaleMs, conversationId, userId],
    );
    return rows.map(toStreamingReply);
  }

  /** Raises the Stop flag the writing instance checks while it streams. */
  async requestStop(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(
      `UPDATE "chat_messages" SET "stop_requested" = true WHERE "id" = ANY($1::uuid[]) AND "status" = 'streaming'`,
      [ids],
    );
  }

  /**
   * Appends the text written since the last save to replies still streaming. Each row gets its new
   * text after the first `offset` characters already saved, so a save repeated after an unclear
   * failure writes the same result, never a doubled piece. Rows go as one JSON parameter per batch
   * (native JSON.stringify; pg's text[] encoding escapes in JavaScript), in batches so that a
   * thousand replies never hold the event loop in one go.
   */
  async saveProgress(replies: Array<{ id: string; offset: number; delta: string }>): Promise<void> {
    for (let start = 0; start < replies.length; start += PROGRESS_BATCH) {
      // Rows are locked in id order first, as the final saves lock them: two multi-row updates
      // taking the same rows in the orders their joins happen to produce deadlocked at 1,000 streams.
      // NO KEY UPDATE (what the UPDATE takes anyway), not UPDATE: a send inserting the next message
      // under this reply holds its conversation and takes KEY SHARE on the reply (parent_id's
      // foreign key), which FOR UPDATE would block while the final save waits for the conversation.
      await this.dataSource.query(
        `WITH "v" AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS v("id" uuid, "offset" int, "delta" text)
         ), "locked" AS (
           SELECT m."id" FROM "chat_messages" m JOIN "v" ON v."id" = m."id"
            WHERE m."status" = 'streaming' ORDER BY m."id" FOR NO KEY UPDATE OF m
         )
         UPDATE "chat_messages" m
            SET "content" = left(m."content", v."offset") || v."delta", "updated_at" = clock_timestamp(),
                "lease_until" = ${LEASE_UNTIL_SQL}
           FROM "v" JOIN "locked" l ON l."id" = v."id"
          WHERE m."id" = v."id" AND m."status" = 'streaming'`,
        [JSON.stringify(replies.slice(start, start + PROGRESS_BATCH))],
      );
    }
  }

  /** Stop flags of these replies; a reply whose row is gone (conversation deleted) is missing. */
  async readStopSignals(ids: string[]): Promise<StopSignal[]> {
    if (!ids.length) return [];
    const rows = await this.dataSource.query<StopSignalRow[]>(
      `SELECT "id", "stop_requested" FROM "chat_messages" WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map(toStopSignal);
  }

  /**
   * A reply's final state; the conversation's last activity moves to now. False when the row is
   * no longer streaming (already finished elsewhere, or deleted with its conversation). Replies
   * finishing while a save runs are saved together by the next one (a burst of short replies is
   * a few statements, not one each).
   */
  finishReply(id: string, final: FinalReply): Promise<boolean> {
    return this.finals.load({ id, ...final });
  }

  private readonly finals = new BatchWhileBusy<{ id: string } & FinalReply, boolean>(
    (replies) => this.finishReplies(replies),
    // One batch at a time: two multi-row saves could lock the same conversations in opposite orders.
    { maxInFlight: 1, maxBatch: PROGRESS_BATCH },
  );

  /**
   * One statement for the batch; when it fails, each reply alone, so that one reply PostgreSQL
   * refuses (a NUL character in its text) fails alone, not the replies saved with it.
   */
  private async finishReplies(
    replies: Array<{ id: string } & FinalReply>,
  ): Promise<Array<boolean | BatchItemFailure>> {
    try {
      return await this.finishTogether(replies);
    } catch (error) {
      if (replies.length === 1) throw error;
      const results: Array<boolean | BatchItemFailure> = [];
      for (const reply of replies)
        results.push(
          await this.finishTogether([reply]).then(
            (r) => r[0],
            (e: unknown) => new BatchItemFailure(e),
          ),
        );
      return results;
    }
  }

  private async finishTogether(replies: Array<{ id: string } & FinalReply>): Promise<boolean[]> {
    const rows = JSON.stringify(
      replies.map((reply) => ({
        id: reply.id,
        content: reply.content,
        status: reply.status,
        error: reply.error?.message ?? null,
        error_code: reply.error?.code ?? null,
        give_back_user: reply.giveBack?.userId ?? null,
        give_back_period: reply.giveBack?.period ?? null,
        give_back_feature: reply.giveBack?.feature ?? null,
        give_back_amount: reply.giveBack?.amount ?? null,
      })),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const saved = await this.dataSource.query<Array<{ id: string }>>(
          `WITH "v" AS (
             SELECT * FROM jsonb_to_recordset($1::jsonb)
               AS v("id" uuid, "content" text, "status" text, "error" text, "error_code" text,
                    "give_back_user" uuid, "give_back_period" date, "give_back_feature" text,
                    "give_back_amount" int)
           ), "locked" AS (
             SELECT m."id" FROM "chat_messages" m JOIN "v" ON v."id" = m."id"
              WHERE m."status" = 'streaming' ORDER BY m."id" FOR NO KEY UPDATE OF m
           ), "m" AS (
             UPDATE "chat_messages" m
                SET "content" = v."content", "status" = v."status", "error" = v."error",
                    "error_code" = v."error_code", "updated_at" = clock_timestamp()
               FROM "v" JOIN "locked" l ON l."id" = v."id"
              WHERE m."id" = v."id" AND m."status" = 'streaming'
             RETURNING m."id", m."conversation_id", m."updated_at"
           ), "c" AS (
             UPDATE "conversations" c SET "updated_at" = x."updated_at"
               FROM (SELECT "conversation_id", max("updated_at") AS "updated_at" FROM "m" GROUP BY 1) x
              WHERE c."id" = x."conversation_id" AND c."updated_at" < x."updated_at"
           ), "given_back" AS (
             ${refundCountersCte(`(SELECT v."give_back_user" AS "user_id", v."give_back_period" AS "period",
                                          v."give_back_feature" AS "feature", v."give_back_amount" AS "amount"
                                     FROM "v" JOIN "m" ON m."id" = v."id"
                                    WHERE v."give_back_amount" > 0) g`)}
           )
           SELECT "id" FROM "m"`,
          [rows],
        );
        const ids = new Set(saved.map((row) => row.id));
        return replies.map((reply) => ids.has(reply.id));
      } catch (error) {
        // Both multi-row saves lock in id order; another statement (a Stop, a sweep) may still
        // take the same rows in another order: PostgreSQL undid this whole statement, which can
        // run again as it was.
        const failure = error as { code?: string; driverError?: { code?: string } };
        if ((failure.code ?? failure.driverError?.code) !== '40P01' || attempt >= 3) throw error;
      }
    }
  }

  /** Pushes the writer's lease forward on these replies (still 'streaming'); see generation/reply-lease.ts. */
  async renewLeases(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(
      `UPDATE "chat_messages" SET "lease_until" = ${LEASE_UNTIL_SQL}
        WHERE "id" = ANY($1::uuid[]) AND "status" = 'streaming'`,
      [ids],
    );
  }

  /**
   * Replies left 'streaming' that no live instance holds (see ABANDONED_SQL), except `exceptIds`
   * (the replies this process writes or still has to save). At most `limit`, oldest lease first.
   */
  async findAbandonedReplies(
    legacyStaleMs: number,
    exceptIds: string[],
    limit = 100,
  ): Promise<AbandonedReply[]> {
    const rows = await this.dataSource.query<AbandonedReplyRow[]>(
      `SELECT "id", "user_id", "conversation_id", "content", "created_at", "lease_until" IS NOT NULL AS "leased",
              ${SEEN_SQL} AS "seen"
         FROM "chat_messages"
        WHERE "status" = 'streaming' AND ${ABANDONED_SQL} AND NOT ("id" = ANY($2::uuid[]))
        ORDER BY "lease_until" NULLS FIRST
        LIMIT $3`,
      [legacyStaleMs, exceptIds, limit],
    );
    return rows.map(toAbandonedReply);
  }

  /**
   * Saves the final state of an abandoned reply, only while it is 'streaming' with the lease and
   * last save read (`seen`): a writer that renewed since keeps its reply, and of several instances
   * taking the same reply over one succeeds. True when this call ended it.
   */
  async takeOverReply(id: string, seen: string, final: FinalReply): Promise<boolean> {
    // An UPDATE answers [rows, affected count] through TypeORM's query().
    const [rows] = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `UPDATE "chat_messages"
          SET "content" = $3, "status" = $4, "error" = $5, "error_code" = $6, "updated_at" = clock_timestamp()
        WHERE "id" = $1 AND "status" = 'streaming' AND ${SEEN_SQL} = $2
        RETURNING "id"`,
      [id, seen, final.content, final.status, final.error?.message ?? null, final.error?.code ?? null],
    );
    return rows.length > 0;
  }
}
