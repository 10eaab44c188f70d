import type { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiException, CLOCK, type Clock } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import type { FileKind, StoredFileEntity } from './entities/stored-file.entity';
import {
  conversationNotFound,
  fileNotFound,
  linkExpired,
  linkInvalid,
  noThumbnail,
  rangeNotSatisfiable,
} from './files.errors';
import { FilesRepository } from './files.repository';
import { type ByteRange, parseByteRange } from './links/byte-range';
import { checkFileLink, type FileDisposition, fileLinkKey, signFileLink } from './links/file-link';
import { isRevokedLink, linkRevoked } from './links/link-revocation';
import { FILE_STORAGE, type FileStorage, type StoredObject } from './storage/file-storage';
import { newStorageKey, storageKeyOfId, thumbnailStorageKey } from './storage/storage-key';
import { storedObjectKeys } from './stored-objects';
import { ThumbnailsService } from './thumbnails/thumbnails.service';
import { canHaveThumbnail, THUMBNAIL_CONTENT_TYPE } from './thumbnails/webp-thumbnail';

/** Long enough to play a few minutes of audio from a page left open; a reload signs anew. */
export const DEFAULT_LINK_TTL_SECONDS = 60 * 60;
export const MAX_LINK_TTL_SECONDS = 24 * 60 * 60;

export interface StoreFileInput {
  kind: FileKind;
  contentType: string;
  body: Buffer | Readable;
  originalName?: string | null;
  conversationId?: string | null;
  /**
   * The file's id, chosen by the caller (a job's output: jobOutputFileId). Storing again under
   * the same id replaces that file (same row, same storage key) instead of adding another.
   */
  id?: string;
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
  issued: string;
  sig: string;
  download?: string;
  /** Absent: the original, or the thumbnail of an image when the browser asks to save data. */
  variant?: FileVariant;
  /** The request's `Save-Data: on` header (the browser's or the system's data saver). */
  saveData?: boolean;
  /** The request's Range header (audio seeking). */
  range?: string;
}

/**
 * Kasa's own copies of generated images, speech and recordings (never a provider's expiring URL),
 * owned by a user, read back through short-lived signed links so <img> and <audio> need no token.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);
  private readonly linkKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly repository: FilesRepository,
    private readonly thumbnails: ThumbnailsService,
  ) {
    this.linkKey = fileLinkKey(config.jwtSecret);
  }

  /**
   * Stores the bytes, then the row. A conversation that is not the user's is a 404 and leaves
   * nothing behind. With an `id`, the storage key follows from it and the row is inserted or
   * replaced, so storing twice leaves one file (the second's bytes).
   */
  async store(userId: string, input: StoreFileInput): Promise<StoredFileEntity> {
    const storageKey = input.id ? storageKeyOfId(input.id) : newStorageKey();
    const { size } = await this.storage.put(storageKey, input.body, input.contentType);
    try {
      const row = {
        userId,
        conversationId: input.conversationId ?? null,
        kind: input.kind,
        storageKey,
        contentType: input.contentType,
        size,
        originalName: input.originalName?.slice(0, 255) || null,
      };
      let file: StoredFileEntity | null;
      if (input.id) {
        file = await this.repository.createOrReplace(input.id, row);
        // A thumbnail made of the bytes just replaced would show the old image.
        if (file) await this.storage.delete(thumbnailStorageKey(storageKey));
      } else file = await this.repository.create(row);
      if (!file) throw conversationNotFound();
      return file;
    } catch (error) {
      // Bytes stored under a fixed id may belong to a row an earlier store made: they stay with it.
      if (!input.id || !(await this.repository.findOwned(userId, input.id).catch(() => null)))
        await this.storage.delete(storageKey);
      throw error;
    }
  }

  signedUrl(file: Pick<StoredFileEntity, 'id'>, options: SignedUrlOptions = {}): string {
    const ttl = Math.min(
      Math.max(1, Math.floor(options.ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS)),
      MAX_LINK_TTL_SECONDS,
    );
    const issuedAt = this.clock.now().getTime();
    return signFileLink(this.linkKey, {
      fileId: file.id,
      expiresAt: Math.floor(issuedAt / 1000) + ttl,
      issuedAt,
      disposition: options.download ? 'attachment' : 'inline',
    });
  }

  /**
   * The file a signed link names: 403 when the link is forged, expired or revoked (signed before
   * its owner's sign-out everywhere or password change), 404 when the file is gone, 416 when the
   * range starts past its end.
   */
  async open(query: FileLinkQuery): Promise<OpenedFile> {
    const now = this.nowSeconds();
    const check = checkFileLink(this.linkKey, query, now);
    if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid();
    const found = await this.repository.findByVerifiedLink(check.link);
    if (!found) throw fileNotFound();
    if (isRevokedLink(check.link.issuedAt, found.ownerTokensRevokedAt)) throw linkRevoked();
    const { file } = found;
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
    if (range === 'unsatisfiable') throw rangeNotSatisfiable(file.size);
    const object = await this.storage.get(file.storageKey, range);
    if (!object) {
      this.logger.warn(`File ${file.id} has a row but no stored bytes (${file.storageKey}).`);
      throw fileNotFound();
    }
    return { ...opened, object, range, contentType: file.contentType, variant: 'original' };
  }

  /** The image's thumbnail (ThumbnailsService: made once, kept, within the thumbnails' limits). */
  private async thumbnailOf(
    file: StoredFileEntity,
  ): Promise<{ object: StoredObject; contentType: string; variant: 'thumb' }> {
    return {
      object: await this.thumbnails.open(file),
      contentType: THUMBNAIL_CONTENT_TYPE,
      variant: 'thumb',
    };
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

  /**
   * One of a user's files, opened on their behalf without a link (a shared conversation's media:
   * the share was checked by its feature), with the one byte range a Range header asks for (audio
   * seeking). 404 when the row or the bytes are gone, 416 when the range starts past the end.
   */
  async openOwned(
    userId: string,
    fileId: string,
    rangeHeader?: string,
  ): Promise<{ file: StoredFileEntity; object: StoredObject; range?: ByteRange }> {
    const file = await this.repository.findOwned(userId, fileId);
    if (!file) throw fileNotFound();
    const range = parseByteRange(rangeHeader, file.size);
    if (range === 'unsatisfiable') throw rangeNotSatisfiable(file.size);
    const object = await this.storage.get(file.storageKey, range);
    if (!object) throw fileNotFound();
    return { file, object, range };
  }

  /** Removes one of the user's files, bytes first (nothing when it is not theirs or already gone). */
  async deleteOwned(userId: string, fileId: string): Promise<void> {
    const file = await this.repository.findOwned(userId, fileId);
    if (!file) return;
    await this.deleteBytes(file);
    await this.repository.deleteOwned(userId, [file.id]);
  }

  /**
   * Makes one of the user's files part of a conversation started after the file was stored (a quick
   * action's result in a new chat): deleting the conversation then deletes it.
   */
  async assignToConversation(userId: string, fileId: string, conversationId: string): Promise<void> {
    await this.repository.assignConversation(userId, fileId, conversationId);
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

  /**
   * The file's bytes, then what was derived from them (none yet is not an error): the original
   * first, so a thumbnail made meanwhile sees it gone and takes itself back (ThumbnailsService).
   */
  private async deleteBytes(file: StoredFileEntity): Promise<void> {
    for (const key of storedObjectKeys(file)) await this.storage.delete(key);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}
