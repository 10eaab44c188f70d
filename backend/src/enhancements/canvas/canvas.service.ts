import { Injectable } from '@nestjs/common';
import type { CanvasSave, CanvasSaveResponse } from '@kasa/contracts';
import { FilesService } from '../../files';
import { CANVAS_NOT_DATA_URL, CANVAS_NOT_PNG, readCanvasPng } from './canvas-png';
import {
  canvasImageInvalid,
  canvasNotFound,
  canvasSizeMismatch,
  conversationNotFound,
} from './canvas.errors';
import { CanvasRepository } from './canvas.repository';
import type { SaveCanvasDto } from './dto/canvas.dto';
import type { CanvasSaveEntity } from './entities/canvas-save.entity';

/**
 * Drawings saved from the canvas editor: the PNG is a stored file (kind 'canvas'), the row keeps
 * its title and size. Unlimited on every plan, so no quota is reserved.
 */
@Injectable()
export class CanvasService {
  constructor(
    private readonly files: FilesService,
    private readonly repository: CanvasRepository,
  ) {}

  async save(userId: string, body: SaveCanvasDto): Promise<CanvasSaveResponse> {
    const { width, height, dataURL } = body.canvasData;
    const check = await readCanvasPng(dataURL, width, height);
    if (!check.ok) {
      if (check.reason === 'size-mismatch')
        throw canvasSizeMismatch({ width: check.width, height: check.height }, { width, height });
      throw canvasImageInvalid(check.reason === 'not-data-url' ? CANVAS_NOT_DATA_URL : CANVAS_NOT_PNG);
    }
    const conversationId = body.conversationId ?? null;
    // store() refuses (404) a conversation that is not the user's, leaving nothing behind.
    const file = await this.files.store(userId, {
      kind: 'canvas',
      contentType: 'image/png',
      body: check.png,
      originalName: `${body.title.slice(0, 240)}.png`,
      conversationId,
    });
    let canvas: CanvasSaveEntity | null;
    try {
      canvas = await this.repository.create({
        userId,
        conversationId,
        fileId: file.id,
        title: body.title,
        width,
        height,
      });
    } catch (error) {
      await this.files.deleteOwned(userId, file.id);
      throw error;
    }
    if (!canvas) {
      await this.files.deleteOwned(userId, file.id);
      throw conversationNotFound();
    }
    return { success: true, canvasSave: this.toCanvasSave(canvas) };
  }

  async list(userId: string): Promise<CanvasSave[]> {
    return (await this.repository.listOwned(userId)).map((canvas) => this.toCanvasSave(canvas));
  }

  async get(userId: string, id: string): Promise<CanvasSave> {
    const canvas = await this.repository.findOwned(userId, id);
    if (!canvas) throw canvasNotFound();
    return this.toCanvasSave(canvas);
  }

  /** Deletes the row, then the PNG (bytes and file row). */
  async delete(userId: string, id: string): Promise<void> {
    const canvas = await this.repository.findOwned(userId, id);
    if (!canvas) throw canvasNotFound();
    await this.repository.deleteOwned(userId, id);
    await this.files.deleteOwned(userId, canvas.fileId);
  }

  private toCanvasSave(canvas: CanvasSaveEntity): CanvasSave {
    return {
      id: canvas.id,
      title: canvas.title,
      width: canvas.width,
      height: canvas.height,
      url: this.files.signedUrl({ id: canvas.fileId }),
      createdAt: canvas.createdAt.toISOString(),
    };
  }
}
