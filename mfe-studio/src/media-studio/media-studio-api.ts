import { apiFetch } from '@kasa/api-client';
import type { MediaGenerateRequest, MediaGenerationResult } from '@kasa/contracts';

export const MEDIA_GENERATE_PATH = '/api/media/generate';

export function generateMedia(body: MediaGenerateRequest): Promise<MediaGenerationResult> {
  return apiFetch<MediaGenerationResult>(MEDIA_GENERATE_PATH, { method: 'POST', body });
}
