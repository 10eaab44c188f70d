import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProcessFailedError } from '../../processes/run-process';
import { APP_CONFIG, type AppConfig, type ThumbnailsConfig } from '../../config';
import type { StoredFileEntity } from '../entities/stored-file.entity';
import {
  fileNotFound,
  NO_THUMBNAIL_KEPT,
  noThumbnail,
  NOT_SHRINKABLE,
  ThumbnailsBusyException,
} from '../files.errors';
import type { ByteRange } from '../links/byte-range';
import { FILE_STORAGE, type FileStorage, type StoredObject } from '../storage/file-storage';
import { thumbnailStorageKey } from '../storage/storage-key';
import { ConcurrencyLimit, NoTurnError } from './concurrency-limit';
import { IMAGE_HEADER_BYTES, imageDimensions } from './image-dimensions';
import { THUMBNAIL_CONTENT_TYPE, webpThumbnail } from './webp-thumbnail';

/** What is kept under an image's thumbnail key when it has none: zero bytes, which no WebP is. */
const NO_THUMBNAIL_MARK = Buffer.alloc(0);

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/**
 * The data saver's thumbnails (docs/operations.md#thumbnails-and-canvases), made on an image's
 * first request and kept in storage beside the original; so is the mark of an image that has
 * none, so ffmpeg runs at most once per image. Before it runs, the header's declared size is checked against
 * THUMBNAIL_MAX_MEGAPIXELS (a few bytes can declare gigabytes of pixels); it runs
 * THUMBNAIL_CONCURRENCY at a time per process, each within THUMBNAIL_MEMORY_MB and a time limit.
 */
@Injectable()
export class ThumbnailsService {
  private readonly logger = new Logger(ThumbnailsService.name);
  private readonly limits: ThumbnailsConfig;
  private readonly turns: ConcurrencyLimit;
  /**
   * Thumbnails being made, by key: concurrent requests for one image wait for one attempt. Per
   * process on purpose: another API process (API_PROCESSES) may make the same thumbnail once more,
   * and storage.put writes it whole (a temporary file renamed), so the cost is a repeat, never a
   * torn file.
   */
  private readonly inProgress = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {
    this.limits = config.thumbnails;
    this.turns = new ConcurrencyLimit(this.limits.concurrency, this.limits.maxWaitMs);
  }

  /**
   * The thumbnail of an image (canHaveThumbnail): 422 FILES_NO_THUMBNAIL when it has none (now or
   * from an earlier attempt), 503 FILES_THUMBNAIL_BUSY when no turn came in time.
   */
  async open(file: StoredFileEntity): Promise<StoredObject> {
    const key = thumbnailStorageKey(file.storageKey);
    const kept = await this.kept(key);
    if (kept) return kept;
    let making = this.inProgress.get(key);
    if (!making) {
      making = this.make(file, key).finally(() => this.inProgress.delete(key));
      this.inProgress.set(key, making);
    }
    await making;
    const made = await this.kept(key);
    // Deleted between the write and the read: the file went with it.
    if (!made) throw fileNotFound();
    return made;
  }

  /** The kept thumbnail, or null when none was made yet; 422 when the image is marked as having none. */
  private async kept(key: string): Promise<StoredObject | null> {
    const object = await this.storage.get(key);
    if (object?.size === 0) {
      object.body.destroy();
      throw noThumbnail(NO_THUMBNAIL_KEPT);
    }
    return object;
  }

  private async make(file: StoredFileEntity, key: string): Promise<void> {
    const head =
      file.size > 0
        ? await this.read(file, { start: 0, end: Math.min(file.size, IMAGE_HEADER_BYTES) - 1 })
        : null;
    const refusal = this.refusal(file, head);
    if (refusal) {
      await this.markNone(file, key);
      throw noThumbnail(refusal);
    }
    let thumbnail: Buffer | null;
    try {
      thumbnail = await this.turns.run(async () =>
        this.shrink(file, head && head.length >= file.size ? head : await this.read(file)),
      );
    } catch (error) {
      if (error instanceof NoTurnError) throw new ThumbnailsBusyException();
      throw error;
    }
    if (!thumbnail) {
      await this.markNone(file, key);
      throw noThumbnail();
    }
    await this.keep(file, key, thumbnail, THUMBNAIL_CONTENT_TYPE);
  }

  /** Why the image gets no thumbnail, from its header alone (nothing decoded); null when it may. */
  private refusal(file: StoredFileEntity, head: Buffer | null): string | null {
    const size = head && imageDimensions(head);
    if (!size) {
      this.logger.warn(`No thumbnail for file ${file.id} (${file.contentType}): no readable image header.`);
      return NOT_SHRINKABLE;
    }
    const pixels = size.width * size.height;
    if (pixels <= this.limits.maxPixels) return null;
    this.logger.warn(`No thumbnail for file ${file.id}: ${size.width}x${size.height} pixels.`);
    return `This image is ${size.width}x${size.height} pixels (${megapixels(pixels)}), more than thumbnails are made of (${megapixels(this.limits.maxPixels)}). Open the original instead.`;
  }

  /** The WebP, or null when ffmpeg could not make one of this image (it failed, or ran out of memory or time). */
  private async shrink(file: StoredFileEntity, image: Buffer): Promise<Buffer | null> {
    try {
      return await webpThumbnail(image, this.limits);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof ProcessFailedError && !error.ending) {
        // ffmpeg (or prlimit) is missing: not this image's fault, so nothing is remembered.
        this.logger.error(`No thumbnails can be made: ${reason}`);
        throw noThumbnail();
      }
      this.logger.warn(`No thumbnail for file ${file.id} (${file.contentType}): ${reason}`);
      return null;
    }
  }

  /** Remembers that the image has no thumbnail; failing to is only logged (the next request tries again). */
  private async markNone(file: StoredFileEntity, key: string): Promise<void> {
    try {
      await this.keep(file, key, NO_THUMBNAIL_MARK, 'application/octet-stream');
    } catch (error) {
      this.logger.warn(
        `Could not remember that file ${file.id} has no thumbnail: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  /**
   * Stores the thumbnail (or the mark) beside the original. A deletion removes the original, then
   * this key (FilesService.deleteBytes): if the original is gone after the write, the deletion may
   * have passed before it, so the write is undone and nothing outlives the file.
   */
  private async keep(file: StoredFileEntity, key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.storage.put(key, bytes, contentType);
    if (!(await this.storage.exists(file.storageKey))) await this.storage.delete(key);
  }

  private async read(file: StoredFileEntity, range?: ByteRange): Promise<Buffer> {
    const object = await this.storage.get(file.storageKey, range);
    if (!object) {
      this.logger.warn(`File ${file.id} has a row but no stored bytes (${file.storageKey}).`);
      throw fileNotFound();
    }
    return readAll(object.body);
  }
}
