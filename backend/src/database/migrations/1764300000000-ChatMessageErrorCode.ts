import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A failed reply keeps the stable code of its error beside the English words, so the chat can
 * show the code's text in the user's language. Replies that failed before codes existed get the
 * code of their (fixed) words where the words say which; any other keeps a null code and the chat
 * shows its words.
 */
export class ChatMessageErrorCode1764300000000 implements MigrationInterface {
  name = 'ChatMessageErrorCode1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD COLUMN "error_code" varchar(64)`);
    // The words as the server wrote them until now (a migration keeps its own copy: the code's
    // texts may change, what the rows hold does not).
    await queryRunner.query(
      `UPDATE "chat_messages" SET "error_code" = CASE
         WHEN "error" = 'The reply was interrupted by a server restart.' THEN 'CHAT_REPLY_INTERRUPTED'
         WHEN "error" = 'Sorry, something went wrong while writing the reply. Please try again.' THEN 'CHAT_REPLY_FAILED'
         WHEN "error" = 'The reply could not be saved. Please try again.' THEN 'CHAT_REPLY_NOT_SAVED'
         WHEN "error" = 'The AI service is busy right now. Please try again in a minute.' THEN 'AI_BUSY'
         WHEN "error" = 'The AI service could not be reached.' THEN 'AI_UNAVAILABLE'
         WHEN "error" = 'The AI service did not answer in time.' THEN 'AI_TIMEOUT'
         WHEN "error" = 'The AI service refused the API key. The administrator should check OPENAI_API_KEY.' THEN 'AI_AUTH_FAILED'
         WHEN "error" = 'The AI service failed while answering. Please try again.' THEN 'AI_FAILED'
         WHEN "error" = 'The AI service sent an answer that could not be read.' THEN 'AI_UNREADABLE_ANSWER'
         WHEN "error" = 'The AI service stopped in the middle of the reply. Please try again.' THEN 'AI_STOPPED_MID_REPLY'
         WHEN "error" LIKE 'The AI service does not know the model %' THEN 'AI_MODEL_UNKNOWN'
         WHEN "error" LIKE 'The AI service refused the request for the model %' THEN 'AI_REQUEST_REFUSED'
         WHEN "error" LIKE 'The conversation is too long for the model %' THEN 'AI_CONVERSATION_TOO_LONG'
       END
       WHERE "error" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "error_code"`);
  }
}
