import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A spoken message's transcription language (POST /api/voice/turns, libs/contracts/src/voice.ts):
 * the ISO 639-1 code the recording was transcribed in (what the engine heard, or the user's hint),
 * so the UI can offer to transcribe it again in another language. Null on typed messages and on
 * messages stored before spoken turns.
 */
export class ChatMessageTranscriptionLanguage1795816530000 implements MigrationInterface {
  name = 'ChatMessageTranscriptionLanguage1795816530000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD COLUMN "transcription_language" varchar(16)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "transcription_language"`);
  }
}
