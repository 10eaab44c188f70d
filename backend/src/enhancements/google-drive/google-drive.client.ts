import type { GoogleDriveConfig } from '../../config';

/** What Google's token endpoint gave: an access token, maybe a refresh token, seconds to live. */
export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
}

export type TokenResult =
  | { ok: true; tokens: GoogleTokens }
  /** 'refused': Google answered with an OAuth error (invalid_grant...); 'unreachable': no answer. */
  | { ok: false; failure: 'refused' | 'unreachable'; error: string };

/** A Drive v3 file as `fields=files(id,name,mimeType,size,modifiedTime,webViewLink)` gives it. */
export interface DriveFileResource {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes, as a decimal string; absent for Google Docs, Sheets and Slides. */
  size?: string;
  modifiedTime?: string;
  webViewLink?: string;
}

export type DriveResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; reason: string | null; message: string | null }
  | { ok: false; status: 'unreachable'; reason: null; message: string };

const API_TIMEOUT_MS = 15_000;
/** A 50 MB file on a slow server link: generous, but bounded. */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** `{error: {message, errors: [{reason}]}}`, Drive's error body, read defensively. */
async function driveError(response: Response): Promise<{ reason: string | null; message: string | null }> {
  try {
    const body = (await response.json()) as {
      error?: { message?: unknown; errors?: Array<{ reason?: unknown }> };
    };
    const reason = body.error?.errors?.[0]?.reason;
    const message = body.error?.message;
    return {
      reason: typeof reason === 'string' ? reason : null,
      message: typeof message === 'string' ? message.slice(0, 200) : null,
    };
  } catch {
    return { reason: null, message: null };
  }
}

/** Google's OAuth 2 token endpoint and the Drive v3 API, over fetch (their real wire format). */
export class GoogleDriveClient {
  constructor(private readonly config: GoogleDriveConfig) {}

  exchangeCode(code: string, redirectUri: string): Promise<TokenResult> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenResult> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  listFiles(accessToken: string): Promise<DriveResult<DriveFileResource[]>> {
    const query = new URLSearchParams({
      pageSize: '50',
      orderBy: 'modifiedTime desc',
      // Folders cannot be imported: they would only take room in a list of 50.
      q: "trashed=false and mimeType!='application/vnd.google-apps.folder'",
      fields: 'files(id,name,mimeType,size,modifiedTime,webViewLink)',
    });
    return this.json(accessToken, `/files?${query}`, (body) => {
      const files = (body as { files?: unknown }).files;
      return Array.isArray(files) ? (files as DriveFileResource[]) : [];
    });
  }

  metadata(accessToken: string, fileId: string): Promise<DriveResult<DriveFileResource>> {
    return this.json(
      accessToken,
      `/files/${encodeURIComponent(fileId)}?fields=${encodeURIComponent('id,name,mimeType,size')}`,
      (body) => body as DriveFileResource,
    );
  }

  /** The file's bytes (alt=media), or a Google Doc exported as `exportMimeType`; the body unread. */
  async content(
    accessToken: string,
    fileId: string,
    exportMimeType: string | null,
    signal: AbortSignal,
  ): Promise<DriveResult<Response>> {
    const path = exportMimeType
      ? `/files/${encodeURIComponent(fileId)}/export?mimeType=${encodeURIComponent(exportMimeType)}`
      : `/files/${encodeURIComponent(fileId)}?alt=media`;
    try {
      const response = await fetch(`${this.config.driveApiUrl}${path}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
        signal,
      });
      if (response.ok) return { ok: true, value: response };
      return { ok: false, status: response.status, ...(await driveError(response)) };
    } catch (error) {
      return { ok: false, status: 'unreachable', reason: null, message: String(error) };
    }
  }

  private async json<T>(
    accessToken: string,
    path: string,
    read: (body: unknown) => T,
  ): Promise<DriveResult<T>> {
    try {
      const response = await fetch(`${this.config.driveApiUrl}${path}`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (!response.ok) return { ok: false, status: response.status, ...(await driveError(response)) };
      return { ok: true, value: read(await response.json()) };
    } catch (error) {
      return { ok: false, status: 'unreachable', reason: null, message: String(error) };
    }
  }

  private async token(params: Record<string, string>): Promise<TokenResult> {
    let response: Response;
    let body: Record<string, unknown>;
    try {
      response = await fetch(this.config.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({
          ...params,
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
        }),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    } catch (error) {
      return { ok: false, failure: 'unreachable', error: String(error) };
    }
    if (response.status >= 500)
      return { ok: false, failure: 'unreachable', error: `HTTP ${response.status}` };
    const accessToken = body.access_token;
    if (!response.ok || typeof accessToken !== 'string' || !accessToken)
      return {
        ok: false,
        failure: 'refused',
        error: typeof body.error === 'string' ? body.error : `HTTP ${response.status}`,
      };
    const expiresIn = Number(body.expires_in);
    return {
      ok: true,
      tokens: {
        accessToken,
        refreshToken:
          typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
        expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
      },
    };
  }
}
