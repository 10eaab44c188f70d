// The chat API as the screen uses it (libs/contracts/src/chat.ts has the shapes).
import { apiFetch, apiRequest } from '@kasa/api-client';
import type {
  ChatMessage,
  ChatSearchHit,
  ChatStreamEvent,
  ConversationSummary,
  RenameConversationRequest,
  SendChatRequest,
  StopChatResponse,
} from '@kasa/contracts';

/** Query keys are the API paths: the default queryFn GETs the key joined by '/'. */
export const CONVERSATIONS_KEY = ['/api/chat/conversations'] as const;
export const conversationKey = (id: string) => ['/api/chat/conversations', id] as const;
export const searchKey = (q: string) => ['/api/chat/search', q] as const;

export type { ChatMessage, ChatSearchHit, ConversationSummary };

export function renameConversation(id: string, title: string): Promise<unknown> {
  const body: RenameConversationRequest = { title };
  return apiFetch(`/api/chat/conversations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function deleteConversation(id: string): Promise<unknown> {
  return apiFetch(`/api/chat/conversations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function stopReply(conversationId: string): Promise<StopChatResponse> {
  return apiFetch<StopChatResponse>(`/api/chat/conversations/${encodeURIComponent(conversationId)}/stop`, {
    method: 'POST',
  });
}

export function searchConversations(q: string, signal?: AbortSignal): Promise<ChatSearchHit[]> {
  return apiFetch<ChatSearchHit[]>(`/api/chat/search?q=${encodeURIComponent(q)}`, { signal });
}

/**
 * Reads `data: {json}` lines of a text/event-stream. Chunks may end anywhere (mid-line, mid-UTF-8
 * character): text is decoded in streaming mode and only complete lines are parsed. Blank lines,
 * comments (':') and other fields are skipped; a line that is not JSON is ignored.
 */
export class SseLineParser {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(private readonly onEvent: (event: ChatStreamEvent) => void) {}

  push(chunk: Uint8Array | string): void {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    let newline = this.buffer.indexOf('\n');
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      this.line(line);
      newline = this.buffer.indexOf('\n');
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    this.buffer += this.decoder.decode();
    const rest = this.buffer;
    this.buffer = '';
    if (rest) this.line(rest);
  }

  private line(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (!data || data === '[DONE]') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (parsed && typeof parsed === 'object') this.onEvent(parsed as ChatStreamEvent);
  }
}

/**
 * POST /api/chat and hand every stream event to `onEvent` as it arrives. Resolves when the stream
 * ends (whatever its last event was); rejects with an ApiError for a non-OK answer (validation,
 * 429, 5xx) and with the fetch error when the connection fails or is aborted.
 */
export async function streamChat(
  request: SendChatRequest,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiRequest('/api/chat', {
    method: 'POST',
    body: request,
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  const parser = new SseLineParser(onEvent);
  const body = response.body;
  if (!body) {
    // No streaming body (an old browser): the whole answer arrives at once.
    parser.push(await response.text());
    parser.end();
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) parser.push(value);
    }
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
