// The research endpoints (libs/contracts/src/enhancements.ts has the shapes).
import { apiFetch } from '@kasa/api-client';
import type { ResearchProgress, ResearchRequest, ResearchResponse } from '@kasa/contracts';

export function research(body: ResearchRequest, signal?: AbortSignal): Promise<ResearchResponse> {
  return apiFetch<ResearchResponse>('/api/enhancements/research', { method: 'POST', body, signal });
}

export function researchProgress(requestId: string, signal?: AbortSignal): Promise<ResearchProgress> {
  return apiFetch<ResearchProgress>(`/api/enhancements/research/progress/${encodeURIComponent(requestId)}`, {
    signal,
  });
}
