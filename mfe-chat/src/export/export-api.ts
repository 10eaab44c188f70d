// GET /api/chat/conversations/{id}/export?format=markdown|json: one conversation as a file.
import { apiRequest } from '@kasa/api-client';
import type { ChatExportFormat } from '@kasa/contracts';
import { fileNameFromDisposition } from './content-disposition';
import { saveBlob } from './save-file';

export const conversationExportPath = (conversationId: string, format: ChatExportFormat) =>
  `/api/chat/conversations/${encodeURIComponent(conversationId)}/export?format=${format}`;

const ACCEPT: Record<ChatExportFormat, string> = {
  markdown: 'text/markdown, text/plain;q=0.9, */*;q=0.1',
  json: 'application/json',
};

const EXTENSION: Record<ChatExportFormat, string> = { markdown: 'md', json: 'json' };

/** A name when the server sends none: the title's letters and digits, else 'conversation'. */
export function fallbackFileName(title: string, format: ChatExportFormat): string {
  const base =
    title
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'conversation';
  return `${base}.${EXTENSION[format]}`;
}

/**
 * Downloads the export with the session's auth (a plain link would carry no bearer token) and
 * saves it under the server's name. Rejects with the ApiError when the server refuses it.
 */
export async function downloadConversationExport(
  conversationId: string,
  format: ChatExportFormat,
  title: string,
): Promise<string> {
  const response = await apiRequest(conversationExportPath(conversationId, format), {
    headers: { Accept: ACCEPT[format] },
  });
  const blob = await response.blob();
  const name =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackFileName(title, format);
  saveBlob(blob, name);
  return name;
}
