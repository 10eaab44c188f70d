import { ReplyRepository } from '../src/chat/generation/reply.repository';
import { sql } from './chat-support';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The reply saves of many streams at once (bench/chat-stream at 1,000 streams): a progress save and
 * a burst of final saves update the same rows in one statement each. They once locked those rows in
 * the orders their joins produced and PostgreSQL broke the deadlock by failing the progress save.
 */
describe('reply saves under load', () => {
  let test: TestApp;
  let repository: ReplyRepository;
  let replyIds: string[];

  beforeAll(async () => {
    test = await createTestApp('chatprogress');
    repository = test.app.get(ReplyRepository);
    const [user] = await sql<{ id: string }>(
      test.databaseUrl,
      `INSERT INTO "users" ("username", "username_normalized", "password_hash")
       VALUES ('saves', 'saves', 'x') RETURNING "id"`,
    );
    const [conversation] = await sql<{ id: string }>(
      test.databaseUrl,
      `INSERT INTO "conversations" ("user_id", "title") VALUES ($1, 'Saves') RETURNING "id"`,
      [user.id],
    );
    const rows = await sql<{ id: string }>(
      test.databaseUrl,
      `INSERT INTO "chat_messages" ("conversation_id", "user_id", "role", "content", "status")
       SELECT $1, $2, 'assistant', '', 'streaming' FROM generate_series(1, 200)
       RETURNING "id"`,
      [conversation.id, user.id],
    );
    replyIds = rows.map((row) => row.id).sort();
  });
  afterAll(() => test?.close());

  it('a progress save and final saves of the same replies, in opposite orders, never deadlock', async () => {
    const failures: unknown[] = [];
    for (let round = 0; round < 12; round++) {
      await sql(
        test.databaseUrl,
        `UPDATE "chat_messages" SET "status" = 'streaming', "content" = '' WHERE "id" = ANY($1::uuid[])`,
        [replyIds],
      );
      const ascending = replyIds.map((id) => ({ id, offset: 0, delta: `progress ${round}` }));
      const descending = [...replyIds].reverse();
      const [progress, ...finals] = await Promise.allSettled([
        repository.saveProgress(ascending),
        repository.saveProgress([...ascending].reverse()),
        ...descending.map((id) =>
          repository.finishReply(id, { content: `final ${round}`, status: 'complete', error: null }),
        ),
      ]);
      for (const outcome of [progress, ...finals])
        if (outcome.status === 'rejected') failures.push(outcome.reason);
    }
    expect(failures.map((failure) => String(failure))).toEqual([]);
    const rows = await sql<{ status: string; content: string }>(
      test.databaseUrl,
      `SELECT "status", "content" FROM "chat_messages" WHERE "id" = ANY($1::uuid[])`,
      [replyIds],
    );
    // Every reply ended with its final text: a progress save never overwrites a finished reply.
    expect(rows.every((row) => row.status === 'complete' && row.content === 'final 11')).toBe(true);
  });
});
