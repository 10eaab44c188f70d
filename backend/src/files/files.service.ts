import type { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiException, CLOCK, type Clock } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import type { FileKind, StoredFileEntity } from './entities/stored-file.entity';
import { FilesRepository } from './files.repository';
import { type ByteRange, parseByteRange } from './links/byte-range';
import { checkFileLink, type FileDisposition, fileLinkKey, signFileLink } from './links/file-link';
import { FILE_STORAGE, type FileStorage, type StoredObject } from './storage/file-storage';
import { newStorageKey, thumbnailStorageKey } from './storage/storage-key';
import { canHaveThumbnail, THUMBNAIL_CONTENT_TYPE, webpThumbnail } from './thumbnails/webp-thumbnail';

/** Long enough to play a few minutes of audio from a page left open; a reload signs anew. */
export const DEFAULT_LINK_TTL_SECONDS = 60 * 60;
export const MAX_LINK_TTL_SECONDS = 24 * 60 * 60;

export interface StoreFileInput {
  kind: FileKind;
  contentType: string;
  body: Buffer | Readable;
  originalName?: string | null;
  conversationId?: string | null;
}

export interface SignedUrlOptions {
  /** An attachment (the browser saves it) instead of inline (shown by <img>, played by <audio>). */
  download?: boolean;
  ttlSeconds?: number;
}

/** 'thumb': the data saver's small WebP of an image (see webp-thumbnail.ts). */
export const FILE_VARIANTS = ['original', 'thumb'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** A file a signed link opened: its row, its bytes (or the range asked), how long the link lives on. */
export interface OpenedFile {
  file: StoredFileEntity;
  object: StoredObject;
  /** What `object` holds: the file's own type, or image/webp for a thumbnail. */
  contentType: string;
  variant: FileVariant;
  range?: ByteRange;
  disposition: FileDisposition;
  secondsLeft: number;
}

export interface FileLinkQuery {
  fileId: string;
  expires: string;
  sig: string;
  download?: string;
  /** Absent: the original, or the thumbnail of an image when the browser asks to save data. */
  variant?: FileVariant;
  /** The request's `Save-Data: on` header (the browser's or the system's data saver). */
  saveData?: boolean;
  /** The request's Range header (audio seeking). */
  range?: string;
}

const fileNotFound = () => new ApiException(HttpStatus.NOT_FOUND, 'FILES_NOT_FOUND', 'File not found.');
const noThumbnail = () =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'FILES_NO_THUMBNAIL',
    'This file has no thumbnail: it is not an image that can be shrunk.',
  );

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Kasa's own copies of generated images, speech and recordings (never a provider's expiring URL),
 * owned by a user, read back through short-lived signed links so <img> and <audio> need no token.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);
  private readonly linkKey: Buffer;
  /** Thumbnails being made, by storage key: concurrent requests for one image wait for one ffmpeg. */
  private readonly thumbnailsInProgress = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly repository: FilesRepository,
  ) {
    this.linkKey = fileLinkKey(config.jwtSecret);
  }

  /**
   * Stores the bytes, then the row. A conversation that is not the user's is a 404 and leaves
   * nothing behind.
   */
  async store(userId: string, input: StoreFileInput): Promise<StoredFileEntity> {
    const storageKey = newStorageKey();
    const { size } = await this.storage.put(storageKey, input.body, input.contentType);
    try {
      const file = await this.repository.create({
        userId,
        conversationId: input.conversationId ?? null,
        kind: input.kind,
        storageKey,
        contentType: input.contentType,
        size,
        originalName: input.originalName?.slice(0, 255) || null,
      });
      if (!file)
        throw new ApiException(
          HttpStatus.NOT_FOUND,
          'CHAT_CONVERSATION_NOT_FOUND',
          'Conversation not found.',
        );
      return file;
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
  }

  signedUrl(file: Pick<StoredFileEntity, 'id'>, options: SignedUrlOptions = {}): string {
    const ttl = Math.min(
      Math.max(1, Math.floor(options.ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS)),
      MAX_LINK_TTL_SECONDS,
    );
    const expiresAt = this.nowSeconds() + ttl;
    return signFileLink(this.linkKey, file.id, expiresAt, options.download ? 'attachment' : 'inline');
  }

  /**
   * The file a signed link names: 403 when the link is forged or expired, 404 when the file is
   * gone, 416 when the range starts past its end.
   */
  async open(query: FileLinkQuery): Promise<OpenedFile> {
    const now = this.nowSeconds();
    const check = checkFileLink(this.linkKey, query, now);
    if (!check.ok)
      throw check.reason === 'expired'
        ? new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_EXPIRED', 'This file link has expired.')
        : new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_INVALID', 'This file link is not valid.');
    const file = await this.repository.findByVerifiedLink(check.link);
    if (!file) throw fileNotFound();
    const opened = {
      file,
      disposition: check.link.disposition,
      secondsLeft: check.link.expiresAt - now,
    };
    if (query.variant === 'thumb') {
      if (!canHaveThumbnail(file.contentType)) throw noThumbnail();
      return { ...opened, ...(await this.thumbnailOf(file)) };
    }
    // Save-Data with no variant named: an image shown inline comes as its thumbnail; whoever wants
    // the original says variant=original (the chat's "Show original"), and a download is always it.
    if (
      query.saveData &&
      !query.variant &&
      !query.range &&
      check.link.disposition === 'inline' &&
      canHaveThumbnail(file.contentType)
    ) {
      try {
        return { ...opened, ...(await this.thumbnailOf(file)) };
      } catch (error) {
        if (!(error instanceof ApiException) || error.getStatus() !== HttpStatus.UNPROCESSABLE_ENTITY)
          throw error;
        // An image ffmpeg cannot shrink is still an image: the original serves.
      }
    }
    const range = parseByteRange(query.range, file.size);
    if (range === 'unsatisfiable')
      throw new ApiException(
        HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
        'FILES_RANGE_NOT_SATISFIABLE',
        `The range starts past the end of the file (${file.size} bytes).`,
      );
    const object = await this.storage.get(file.storageKey, range);
    if (!object) {
      this.logger.warn(`File ${file.id} has a row but no stored bytes (${file.storageKey}).`);
      throw fileNotFound();
    }
    return { ...opened, object, range, contentType: file.contentType, variant: 'original' };
  }

  /**
   * The image's thumbnail, made on its first request and kept in storage beside the original (so
   * ffmpeg runs once per image, not per view). 422 FILES_NO_THUMBNAIL when ffmpeg cannot decode it.
   */
  private async thumbnailOf(
    file: StoredFileEntity,
  ): Promise<{ object: StoredObject; contentType: string; variant: 'thumb' }> {
    const key = thumbnailStorageKey(file.storageKey);
    let object = await this.storage.get(key);
    if (!object) {
      let making = this.thumbnailsInProgress.get(key);
      if (!making) {
        making = this.makeThumbnail(file, key).finally(() => this.thumbnailsInProgress.delete(key));
        this.thumbnailsInProgress.set(key, making);
      }
      await making;
      object = await this.storage.get(key);
      // Deleted between the write and the read: the file went with it.
      if (!object) throw fileNotFound();
    }
    return { object, contentType: THUMBNAIL_CONTENT_TYPE, variant: 'thumb' };
  }

  private async makeThumbnail(file: StoredFileEntity, key: string): Promise<void> {
    const original = await this.storage.get(file.storageKey);
    if (!original) {
      this.logger.warn(`File ${file.id} has a row but no stored bytes (${file.storageKey}).`);
      throw fileNotFound();
    }
    let thumbnail: Buffer;
    try {
      thumbnail = await webpThumbnail(await readAll(original.body));
    } catch (error) {
      this.logger.warn(
        `No thumbnail for file ${file.id} (${file.contentType}): ${error instanceof Error ? error.message : error}`,
      );
      throw noThumbnail();
    }
    await this.storage.put(key, thumbnail, THUMBNAIL_CONTENT_TYPE);
  }

  /**
   * A stored file's row and its bytes as a stream, for a job: its payload (written by the API)
   * names the file and its owner, so no link is needed, but the owner still scopes the lookup.
   * 404 when the row or the bytes are gone.
   */
  async readForJob(
    userId: string,
    fileId: string,
  ): Promise<{ file: StoredFileEntity; object: StoredObject }> {
    const file = await this.repository.findOwned(userId, fileId);
    const object = file && (await this.storage.get(file.storageKey));
    if (!file || !object) throw fileNotFound();
    return { file, object };
  }

  /** Removes one of the user's files, bytes first (nothing when it is not theirs or already gone). */
  async deleteOwned(userId: string, fileId: string): Promise<void> {
    const file = await this.repository.findOwned(userId, fileId);
    if (!file) return;
    await this.deleteBytes(file);
    await this.repository.deleteOwned(userId, [file.id]);
  }

  /** Removes the conversation's files, bytes first: called before the conversation is deleted. */
  async deleteForConversation(userId: string, conversationId: string): Promise<void> {
    const files = await this.repository.listForConversation(userId, conversationId);
    for (const file of files) await this.deleteBytes(file);
    await this.repository.deleteOwned(
      userId,
      files.map((file) => file.id),
    );
  }

  /** The file's bytes and, for an image, its thumbnail (none yet is not an error). */
  private async deleteBytes(file: StoredFileEntity): Promise<void> {
    await this.storage.delete(file.storageKey);
    if (canHaveThumbnail(file.contentType)) await this.storage.delete(thumbnailStorageKey(file.storageKey));
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}
