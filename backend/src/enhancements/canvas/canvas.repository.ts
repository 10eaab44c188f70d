import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { CanvasSaveEntity } from './entities/canvas-save.entity';

export interface NewCanvasRow {
  userId: string;
  conversationId: string | null;
  fileId: string;
  title: string;
  width: number;
  height: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `canvas_saves` table; every query is scoped to the owner. */
@Injectable()
export class CanvasRepository {
  constructor(@InjectRepository(CanvasSaveEntity) private readonly canvases: Repository<CanvasSaveEntity>) {}

  /**
   * Inserts the row when the conversation (if any) is still the user's own; null otherwise (it
   * was deleted since the file was stored), so a canvas never points at someone else's chat.
   */
  async create(row: NewCanvasRow): Promise<CanvasSaveEntity | null> {
    const inserted = (await this.canvases.query(
      `INSERT INTO "canvas_saves" ("user_id", "conversation_id", "file_id", "title", "width", "height")
       SELECT $1, $2::uuid, $3, $4, $5, $6
       WHERE $2::uuid IS NULL OR EXISTS (SELECT 1 FROM "conversations" WHERE "id" = $2::uuid AND "user_id" = $1)
       RETURNING "id"`,
      [row.userId, row.conversationId, row.fileId, row.title, row.width, row.height],
    )) as Array<{ id: string }>;
    return inserted.length ? this.findOwned(row.userId, inserted[0].id) : null;
  }

  findOwned(userId: string, id: string): Promise<CanvasSaveEntity | null> {
    return this.canvases.findOneBy({ id, userId });
  }

  /** The user's canvases among `ids` (malformed ids are skipped, never a database error). */
  findManyOwned(userId: string, ids: string[]): Promise<CanvasSaveEntity[]> {
    const valid = ids.filter((id) => UUID.test(id));
    return valid.length ? this.canvases.findBy({ userId, id: In(valid) }) : Promise.resolve([]);
  }

  listOwned(userId: string): Promise<CanvasSaveEntity[]> {
    return this.canvases.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async deleteOwned(userId: string, id: string): Promise<void> {
    await this.canvases.delete({ userId, id });
  }
}
