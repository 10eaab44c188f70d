// The enhancements API as the chat uses it (libs/contracts/src/enhancements.ts has the shapes).
import { apiFailure, apiFetch, apiUrl, currentToken } from '@kasa/api-client';
import type {
  CloudStorageAuthUrl,
  CloudStorageDownloadRequest,
  CloudStorageDownloadResponse,
  CloudStorageFilesRequest,
  CloudStorageFilesResponse,
  UploadRecord,
  WebSearchRequest,
  WebSearchResponse,
} from '@kasa/contracts';
import type { DraftAttachment } from '../shared/attachments/draft-attachment';

export function uploadAttachment(record: UploadRecord, previewUrl?: string | null): DraftAttachment {
  return {
    type: 'upload',
    id: record.id,
    name: record.originalName,
    mimeType: record.mimeType,
    previewUrl: previewUrl ?? null,
  };
}

/** The headers of an XMLHttpRequest answer, as a Headers object. */
function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * POST /api/enhancements/upload (multipart: `conversationId` first, so the server has it before the
 * file streams in, then `file`). An XMLHttpRequest, not fetch: fetch cannot report upload progress.
 * Same auth as the API client; a non-OK answer rejects with the ApiError apiFetch would give (and
 * an over-quota 429 shows the app-wide usage-limit toast the same way).
 */
export function uploadFile(
  file: Blob,
  name: string,
  conversationId: string | null | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadRecord> {
  return new Promise<UploadRecord>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/api/enhancements/upload'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadRecord);
        } catch (error) {
          reject(error);
        }
        return;
      }
      const body = xhr.responseText;
      const response = {
        ok: false,
        status: xhr.status,
        statusText: xhr.statusText,
        headers: responseHeaders(xhr),
        text: async () => body,
      } as unknown as Response;
      void apiFailure(response, Boolean(token)).then(reject, reject);
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (conversationId) form.append('conversationId', conversationId);
    form.append('file', file, name);
    xhr.send(form);
  });
}

/**
 * Google's consent URL. The answer also sets an HttpOnly cookie binding the consent to this browser
 * (the sign-in window's callback requires it), so the call keeps its credentials.
 */
export function driveAuthUrl(signal?: AbortSignal): Promise<CloudStorageAuthUrl> {
  return apiFetch<CloudStorageAuthUrl>('/api/enhancements/google-drive/auth-url', {
    signal,
    credentials: 'include',
  });
}

/**
 * The user's Drive files, through the grant the sign-in window's callback stored. No code is sent:
 * the server trades codes only in that callback, which checks the state and the browser.
 */
export function driveFiles(conversationId?: string): Promise<CloudStorageFilesResponse> {
  const body: CloudStorageFilesRequest = conversationId ? { conversationId } : {};
  return apiFetch<CloudStorageFilesResponse>('/api/enhancements/google-drive/files', {
    method: 'POST',
    body,
  });
}

export function driveDownload(
  fileId: string,
  conversationId?: string,
): Promise<CloudStorageDownloadResponse> {
  const body: CloudStorageDownloadRequest = conversationId ? { fileId, conversationId } : { fileId };
  return apiFetch<CloudStorageDownloadResponse>('/api/enhancements/google-drive/download', {
    method: 'POST',
    body,
  });
}

export function webSearch(
  query: string,
  conversationId?: string,
  signal?: AbortSignal,
): Promise<WebSearchResponse> {
  const body: WebSearchRequest = conversationId ? { query, conversationId } : { query };
  return apiFetch<WebSearchResponse>('/api/enhancements/search', { method: 'POST', body, signal });
}
