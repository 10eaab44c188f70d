// The canvas endpoints (libs/contracts/src/enhancements.ts has the shapes).
import { apiFetch } from '@kasa/api-client';
import type { CanvasListResponse, CanvasSave, CanvasSaveRequest, CanvasSaveResponse } from '@kasa/contracts';
import type { EnhancementResult } from '../types';

/** The saved canvases (read with its own queryFn, listCanvases). */
export const CANVASES_QUERY_KEY = ['/api/enhancements/canvas'] as const;

export function saveCanvas(body: CanvasSaveRequest): Promise<CanvasSaveResponse> {
  return apiFetch<CanvasSaveResponse>('/api/enhancements/canvas/save', { method: 'POST', body });
}

export function listCanvases(): Promise<CanvasListResponse> {
  return apiFetch<CanvasListResponse>('/api/enhancements/canvas');
}

/** What the composer gets for a saved canvas: one attachment chip with its thumbnail. */
export const canvasAttachment = (saved: CanvasSave): EnhancementResult => ({
  kind: 'attachments',
  attachments: [
    { type: 'canvas', id: saved.id, name: saved.title, mimeType: 'image/png', previewUrl: saved.url },
  ],
});
