// The user's uploads as the upload dialog lists and deletes them (libs/contracts/src/enhancements.ts).
import { apiFetch } from '@kasa/api-client';

/** GET /api/enhancements/uploads: the newest 50, newest first (the default queryFn GETs the key). */
export const UPLOADS_QUERY_KEY = ['/api/enhancements/uploads'] as const;

/** DELETE /api/enhancements/uploads/{id}: the file, its text and a waiting extraction (204). */
export function deleteUpload(id: string): Promise<void> {
  return apiFetch<void>(`/api/enhancements/uploads/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
