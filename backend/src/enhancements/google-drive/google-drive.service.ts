import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CloudStorageDownloadResponse,
  type CloudStorageFile,
  type CloudStorageFilesResponse,
  UPLOAD_MAX_BYTES,
} from '@kasa/contracts';
import { ApiException, CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig, type GoogleDriveConfig } from '../../config';
import type { User } from '../../users';
import { fileTooLarge, UploadsService } from '../uploads';
import type { CallbackOutcome } from './callback-page';
import {
  DOWNLOAD_TIMEOUT_MS,
  type DriveFileResource,
  type DriveResult,
  GoogleDriveClient,
  type GoogleTokens,
} from './google-drive.client';
import {
  driveFailed,
  exportTooLarge,
  fileNotFound,
  fileUnsupported,
  notConfigured,
  notConnected,
  revoked,
  unreachable,
} from './google-drive.errors';
import { GoogleDriveRepository } from './google-drive.repository';
import { CALLBACK_PATH, newBinding } from './oauth-binding';
import { OAuthStateSigner } from './oauth-state';
import { TokenCipher } from './token-cipher';

/**
 * drive.readonly: the narrowest scope that can list and download the files a user already has.
 * drive.file would only show files this app created or the user opened with it through the
 * Google Picker, so the list would be empty; drive.metadata.readonly cannot download.
 */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
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
    if (!this.drive) throw notConfigured();
    return this.drive;
  }

  /**
   * Google's consent URL, and the browser binding its state requires back (the controller sets
   * it as a cookie named by the nonce: oauth-binding.ts).
   */
  async authUrl(userId: string): Promise<{ authUrl: string; nonce: string; binding: string }> {
    const { config } = this.requireConfigured();
    const now = this.clock.now();
    const binding = newBinding();
    const { state, nonce, expiresAt } = this.states.issue(userId, binding, Math.floor(now.getTime() / 1000));
    await this.repository.saveState(userId, nonce, new Date(expiresAt * 1000), now);
    const url = new URL(config.authUrl);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      redirect_uri: redirectUri(config),
      response_type: 'code',
      scope: DRIVE_SCOPE,
      // A refresh token, so imports keep working after the access token's hour.
      access_type: 'offline',
      // Google sends the refresh token only with consent: ask every time, so a reconnect has one.
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return { authUrl: url.toString(), nonce, binding };
  }

  /**
   * The popup's landing: checks the state and that this browser holds its binding (`bindings`:
   * the request's binding cookies by nonce), then trades the code for tokens and stores them.
   * `usedNonce`: the binding cookie to clear (the state named it).
   */
  async callback(
    query: { code?: string; state?: string; error?: string },
    bindings: ReadonlyMap<string, string>,
  ): Promise<{ outcome: CallbackOutcome; usedNonce?: string }> {
    const { config, client } = this.requireConfigured();
    const now = this.clock.now();
    const state = query.state ? this.states.verify(query.state, Math.floor(now.getTime() / 1000)) : null;
    const usedNonce = state?.nonce;
    if (query.error) return { outcome: query.error === 'access_denied' ? 'denied' : 'failed', usedNonce };
    if (
      !state ||
      !OAuthStateSigner.bindingMatches(state, bindings.get(state.nonce)) ||
      !(await this.repository.consumeState(state.userId, state.nonce, now))
    )
      return { outcome: 'invalid-state', usedNonce };
    if (!query.code) return { outcome: 'failed', usedNonce };
    const result = await client.exchangeCode(query.code, redirectUri(config));
    if (!result.ok) {
      this.logger.warn(`Google refused the authorization code (${result.failure}: ${result.error}).`);
      return { outcome: 'failed', usedNonce };
    }
    await this.storeTokens(state.userId, result.tokens);
    return { outcome: 'connected', usedNonce };
  }

  /**
   * The user's 50 most recently changed files, through the grant the callback stored; without
   * one the user must connect first. No authorization code is traded here: only the callback,
   * which checks the state and the browser, may connect a Drive to an account.
   */
  async listFiles(userId: string): Promise<CloudStorageFilesResponse> {
    const { client } = this.requireConfigured();
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
    if (!exported && meta.mimeType.startsWith(GOOGLE_APPS_TYPE)) throw fileUnsupported(name);
    if (!exported && meta.size !== undefined && Number(meta.size) > UPLOAD_MAX_BYTES)
      throw fileTooLarge(name);
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
          throw fileTooLarge(originalName);
        }
        await saveCapped(response, path, UPLOAD_MAX_BYTES);
      } catch (error) {
        if (error instanceof TooLargeError) throw fileTooLarge(originalName);
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
    if (result.status === 404) throw fileNotFound();
    if (result.reason === 'exportSizeLimitExceeded') throw exportTooLarge();
    this.logger.warn(`Google Drive answered ${result.status} (${result.reason}): ${result.message}`);
    throw driveFailed(result.status, result.reason);
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

/** From configuration only (PUBLIC_URL): a forged Host header must not move it. */
function redirectUri(config: GoogleDriveConfig): string {
  return `${config.publicOrigin}${CALLBACK_PATH}`;
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
