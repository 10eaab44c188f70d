import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { type FileKind, StoredFileEntity } from './entities/stored-file.entity';
import type { VerifiedFileLink } from './links/file-link';

export interface NewFileRow {
  userId: string;
  conversationId: string | null;
  kind: FileKind;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
}

/**
 * The `files` table. Every query is scoped to the owner, except reading the file a verified signed
 * link names: the signature, made by the server for that file, stands in for the owner's token.
 */
@Injectable()
export class FilesRepository {
  constructor(@InjectRepository(StoredFileEntity) private readonly files: Repository<StoredFileEntity>) {}

  /**
   * Inserts the row when the conversation (if any) is the user's own; null otherwise, so a file
   * can never be attached to someone else's conversation.
   */
  async create(row: NewFileRow): Promise<StoredFileEntity | null> {
    const inserted = (await this.files.query(
      `INSERT INTO "files" ("user_id", "conversation_id", "kind", "storage_key", "content_type", "size", "original_name")
       SELECT $1, $2::uuid, $3, $4, $5, $6, $7
       WHERE $2::uuid IS NULL OR EXISTS (SELECT 1 FROM "conversations" WHERE "id" = $2::uuid AND "user_id" = $1)
       RETURNING "id"`,
      [row.userId, row.conversationId, row.kind, row.storageKey, row.contentType, row.size, row.originalName],
    )) as Array<{ id: string }>;
    return inserted.length ? this.findOwned(row.userId, inserted[0].id) : null;
  }

  /**
   * `create` with the id given: a row with that id already (the same job storing again) is
   * updated to the new bytes' type and size instead, if it is the same user's. Null when the
   * conversation is not the user's, or the id is another user's.
   */
  async createOrReplace(id: string, row: NewFileRow): Promise<StoredFileEntity | null> {
    const stored = (await this.files.query(
      `INSERT INTO "files" ("id", "user_id", "conversation_id", "kind", "storage_key", "content_type", "size", "original_name")
       SELECT $8::uuid, $1, $2::uuid, $3, $4, $5, $6, $7
       WHERE $2::uuid IS NULL OR EXISTS (SELECT 1 FROM "conversations" WHERE "id" = $2::uuid AND "user_id" = $1)
       ON CONFLICT ("id") DO UPDATE
         SET "storage_key" = EXCLUDED."storage_key", "content_type" = EXCLUDED."content_type",
             "size" = EXCLUDED."size", "original_name" = EXCLUDED."original_name"
         WHERE "files"."user_id" = EXCLUDED."user_id"
       RETURNING "id"`,
      [
        row.userId,
        row.conversationId,
        row.kind,
        row.storageKey,
        row.contentType,
        row.size,
        row.originalName,
        id,
      ],
    )) as Array<{ id: string }>;
    return stored.length ? this.findOwned(row.userId, stored[0].id) : null;
  }

  findOwned(userId: string, id: string): Promise<StoredFileEntity | null> {
    return this.files.findOneBy({ id, userId });
  }

  /** The file, and when its owner last revoked their tokens (links/link-revocation.ts). */
  async findByVerifiedLink(
    link: VerifiedFileLink,
  ): Promise<{ file: StoredFileEntity; ownerTokensRevokedAt: Date | null } | null> {
    const { entities, raw } = await this.files
      .createQueryBuilder('file')
      .innerJoin('users', 'owner', 'owner.id = file.userId')
      .addSelect('owner.tokens_revoked_at', 'owner_tokens_revoked_at')
      .where('file.id = :id', { id: link.fileId })
      .getRawAndEntities<{ owner_tokens_revoked_at: Date | null }>();
    return entities.length
      ? { file: entities[0], ownerTokensRevokedAt: raw[0].owner_tokens_revoked_at }
      : null;
  }

  listForConversation(userId: string, conversationId: string): Promise<StoredFileEntity[]> {
    return this.files.findBy({ userId, conversationId });
  }

  /** Files the conversation deletes with it: one of the user's files, made before the conversation. */
  async assignConversation(userId: string, id: string, conversationId: string): Promise<void> {
    await this.files.update({ userId, id }, { conversationId });
  }

  async deleteOwned(userId: string, ids: string[]): Promise<void> {
    if (ids.length) await this.files.delete({ userId, id: In(ids) });
  }
}
