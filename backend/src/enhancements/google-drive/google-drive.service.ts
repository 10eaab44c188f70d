import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CloudStorageDownloadResponse,
  type CloudStorageFile,
  type CloudStorageFilesResponse,
  UPLOAD_MAX_BYTES,
} from '@kasa/contracts';
import { ApiException, CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig, type GoogleDriveConfig } from '../../config';
import type { User } from '../../users';
import { UploadsService } from '../uploads';
import type { CallbackOutcome } from './callback-page';
import {
  DOWNLOAD_TIMEOUT_MS,
  type DriveFileResource,
  type DriveResult,
  GoogleDriveClient,
  type GoogleTokens,
} from './google-drive.client';
import { GoogleDriveRepository } from './google-drive.repository';
import { OAuthStateSigner } from './oauth-state';
import { TokenCipher } from './token-cipher';

/**
 * drive.readonly: the narrowest scope that can list and download the files a user already has.
 * drive.file would only show files this app created or the user opened with it through the
 * Google Picker, so the list would be empty; drive.metadata.readonly cannot download.
 */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const CALLBACK_PATH = '/api/enhancements/google-drive/callback';
export const NOT_CONFIGURED_MESSAGE =
  'Google Drive import is not configured on this server: the administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.';
export const NOT_CONNECTED_MESSAGE = 'Connect Google Drive first.';
export const REVOKED_MESSAGE =
  'Access to your Google Drive was revoked or has expired. Connect Google Drive again.';

/** An access token this close to its end is refreshed first (a download can take a while). */
const REFRESH_MARGIN_MS = 60_000;

/** Google's own formats, exported to one the upload pipeline reads (text extraction, images). */
const EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: '.docx',
  },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', extension: '.csv' },
  'application/vnd.google-apps.presentation': { mimeType: 'application/pdf', extension: '.pdf' },
  'application/vnd.google-apps.drawing': { mimeType: 'image/png', extension: '.png' },
};
const GOOGLE_APPS_TYPE = 'application/vnd.google-apps.';

const notConnected = () =>
  new ApiException(HttpStatus.CONFLICT, 'DRIVE_NOT_CONNECTED', NOT_CONNECTED_MESSAGE);
const revoked = () => new ApiException(HttpStatus.CONFLICT, 'DRIVE_ACCESS_REVOKED', REVOKED_MESSAGE);
const unreachable = () =>
  new ApiException(
    HttpStatus.BAD_GATEWAY,
    'DRIVE_UNREACHABLE',
    'Google Drive could not be reached. Please try again.',
  );
const tooLarge = (name: string) =>
  new ApiException(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'UPLOAD_TOO_LARGE',
    `File too large: ${name}. Maximum size is 50MB.`,
  );

class TooLargeError extends Error {}

/** A usable access token for one call, and whether it was just refreshed. */
interface AccessToken {
  token: string;
  refreshed: boolean;
}

/**
 * Google Drive import: the OAuth 2 code flow (consent in a popup, tokens stored encrypted), the
 * user's recent files, and a file copied into the upload pipeline (UploadsService.importFile),
 * where it is typed by its bytes, counted against the uploads quota and its text extracted.
 */
@Injectable()
export class GoogleDriveService {
  private readonly logger = new Logger(GoogleDriveService.name);
  private readonly drive?: { config: GoogleDriveConfig; client: GoogleDriveClient };
  private readonly cipher: TokenCipher;
  private readonly states: OAuthStateSigner;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: GoogleDriveRepository,
    private readonly uploads: UploadsService,
  ) {
    const drive = config.enhancements.googleDrive;
    if (drive) this.drive = { config: drive, client: new GoogleDriveClient(drive) };
    this.cipher = new TokenCipher(config.jwtSecret);
    this.states = new OAuthStateSigner(config.jwtSecret);
  }

  /** Every route's first step: without an OAuth client there is nothing to connect to. */
  requireConfigured(): { config: GoogleDriveConfig; client: GoogleDriveClient } {
    if (!this.drive)
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'DRIVE_NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
    return this.drive;
  }

  async authUrl(userId: string, origin: string): Promise<string> {
    const { config } = this.requireConfigured();
    const now = this.clock.now();
    const { state, nonce, expiresAt } = this.states.issue(userId, Math.floor(now.getTime() / 1000));
    await this.repository.saveState(userId, nonce, new Date(expiresAt * 1000), now);
    const url = new URL(config.authUrl);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      response_type: 'code',
      scope: DRIVE_SCOPE,
      // A refresh token, so imports keep working after the access token's hour.
      access_type: 'offline',
      // Google sends the refresh token only with consent: ask every time, so a reconnect has one.
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return url.toString();
  }

  /** The popup's landing: checks the state, trades the code for tokens and stores them. */
  async callback(
    query: { code?: string; state?: string; error?: string },
    origin: string,
  ): Promise<CallbackOutcome> {
    const { client } = this.requireConfigured();
    if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed';
    const now = this.clock.now();
    const state = query.state ? this.states.verify(query.state, Math.floor(now.getTime() / 1000)) : null;
    if (!state || !(await this.repository.consumeState(state.userId, state.nonce, now)))
      return 'invalid-state';
    if (!query.code) return 'failed';
    const result = await client.exchangeCode(query.code, `${origin}${CALLBACK_PATH}`);
    if (!result.ok) {
      this.logger.warn(`Google refused the authorization code (${result.failure}: ${result.error}).`);
      return 'failed';
    }
    await this.storeTokens(state.userId, result.tokens);
    return 'connected';
  }

  /**
   * The user's 50 most recently changed files. A `code` (the dialog sends one) is traded first;
   * when that fails the stored grant is used, and without one the user must connect first.
   */
  async listFiles(
    userId: string,
    code: string | undefined,
    origin: string,
  ): Promise<CloudStorageFilesResponse> {
    const { client } = this.requireConfigured();
    if (code) {
      const result = await client.exchangeCode(code, `${origin}${CALLBACK_PATH}`);
      if (result.ok) await this.storeTokens(userId, result.tokens);
      else if (!(await this.repository.findTokens(userId)))
        throw result.failure === 'unreachable' ? unreachable() : notConnected();
    }
    const files = await this.withAccessToken(userId, (token) => client.listFiles(token));
    return { success: true, files: files.map(toCloudStorageFile) };
  }

  /** Copies one Drive file (a Google Doc exported) into the user's uploads. */
  async download(
    user: User,
    fileId: string,
    conversationId: string | undefined,
  ): Promise<CloudStorageDownloadResponse> {
    const { client } = this.requireConfigured();
    const meta = await this.withAccessToken(user.id, (token) => client.metadata(token, fileId));
    const name = (meta.name || 'Google Drive file').slice(0, 200);
    const exported = EXPORTS[meta.mimeType];
    if (!exported && meta.mimeType.startsWith(GOOGLE_APPS_TYPE))
      throw new ApiException(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'DRIVE_FILE_UNSUPPORTED',
        `${name} cannot be imported: only files, Google Docs, Sheets, Slides and Drawings can.`,
      );
    if (!exported && meta.size !== undefined && Number(meta.size) > UPLOAD_MAX_BYTES) throw tooLarge(name);
    const originalName =
      exported && !name.toLowerCase().endsWith(exported.extension) ? `${name}${exported.extension}` : name;

    const dir = await mkdtemp(join(tmpdir(), 'kasa-drive-'));
    const path = join(dir, randomUUID());
    try {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), DOWNLOAD_TIMEOUT_MS);
      try {
        const response = await this.withAccessToken(user.id, (token) =>
          client.content(token, fileId, exported?.mimeType ?? null, abort.signal),
        );
        if (Number(response.headers.get('content-length')) > UPLOAD_MAX_BYTES) {
          abort.abort();
          throw tooLarge(originalName);
        }
        await saveCapped(response, path, UPLOAD_MAX_BYTES);
      } catch (error) {
        if (error instanceof TooLargeError) throw tooLarge(originalName);
        if (error instanceof ApiException) throw error;
        this.logger.warn(`Downloading Drive file ${fileId} failed: ${String(error)}`);
        throw unreachable();
      } finally {
        clearTimeout(timer);
      }
      const upload = await this.uploads.importFile(user, {
        path,
        originalName,
        conversationId,
        origin: 'google-drive',
      });
      return { success: true, upload };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async storeTokens(userId: string, tokens: GoogleTokens): Promise<void> {
    const expiresAt = new Date(this.clock.now().getTime() + tokens.expiresInSeconds * 1000);
    await this.repository.saveTokens(
      userId,
      this.cipher.encrypt(tokens.accessToken),
      tokens.refreshToken ? this.cipher.encrypt(tokens.refreshToken) : null,
      expiresAt,
    );
  }

  /**
   * Runs one Drive call with the user's access token, refreshed first when it is (nearly)
   * expired. A 401 from Drive (the token was revoked early) refreshes once and retries; a grant
   * that cannot be refreshed is forgotten, and the user is asked to connect again.
   */
  private async withAccessToken<T>(
    userId: string,
    call: (token: string) => Promise<DriveResult<T>>,
  ): Promise<T> {
    let access = await this.accessToken(userId, false);
    let result = await call(access.token);
    if (!result.ok && result.status === 401 && !access.refreshed) {
      access = await this.accessToken(userId, true);
      result = await call(access.token);
    }
    if (result.ok) return result.value;
    if (result.status === 'unreachable') {
      this.logger.warn(`Google Drive unreachable: ${result.message}`);
      throw unreachable();
    }
    if (result.status === 401) {
      await this.repository.deleteTokens(userId);
      throw revoked();
    }
    if (result.status === 404)
      throw new ApiException(
        HttpStatus.NOT_FOUND,
        'DRIVE_FILE_NOT_FOUND',
        'This file was not found in your Google Drive.',
      );
    if (result.reason === 'exportSizeLimitExceeded')
      throw new ApiException(
        HttpStatus.PAYLOAD_TOO_LARGE,
        'UPLOAD_TOO_LARGE',
        'This Google document is too large for Google to export.',
      );
    this.logger.warn(`Google Drive answered ${result.status} (${result.reason}): ${result.message}`);
    throw new ApiException(
      HttpStatus.BAD_GATEWAY,
      'DRIVE_FAILED',
      `Google Drive answered with an error (${result.status}${result.reason ? ` ${result.reason}` : ''}). Please try again.`,
    );
  }

  private async accessToken(userId: string, forceRefresh: boolean): Promise<AccessToken> {
    const { client } = this.requireConfigured();
    const stored = await this.repository.findTokens(userId);
    if (!stored) throw notConnected();
    const token = this.cipher.decrypt(stored.accessTokenEncrypted);
    const fresh = stored.expiresAt.getTime() - REFRESH_MARGIN_MS > this.clock.now().getTime();
    if (token && fresh && !forceRefresh) return { token, refreshed: false };
    const refreshToken = stored.refreshTokenEncrypted && this.cipher.decrypt(stored.refreshTokenEncrypted);
    if (!refreshToken) {
      await this.repository.deleteTokens(userId);
      throw revoked();
    }
    const result = await client.refresh(refreshToken);
    if (!result.ok) {
      if (result.failure === 'unreachable') throw unreachable();
      await this.repository.deleteTokens(userId);
      throw revoked();
    }
    await this.storeTokens(userId, result.tokens);
    return { token: result.tokens.accessToken, refreshed: true };
  }
}

function toCloudStorageFile(file: DriveFileResource): CloudStorageFile {
  const size = file.size === undefined ? NaN : Number(file.size);
  return {
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    size: Number.isFinite(size) ? size : null,
    modifiedTime: file.modifiedTime ?? '',
    webViewLink: file.webViewLink ?? null,
  };
}

/** Writes the response body to `path`, failing (and so aborting the download) past `maxBytes`. */
async function saveCapped(response: Response, path: string, maxBytes: number): Promise<void> {
  if (!response.body) throw new Error('The download has no body.');
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) callback(new TooLargeError());
      else callback(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    cap,
    createWriteStream(path),
  );
}
