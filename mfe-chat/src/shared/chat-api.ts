// The chat API as the screen uses it (libs/contracts/src/chat.ts has the shapes).
import { apiFetch, apiRequest } from '@kasa/api-client';
import type {
  ChatFeedback,
  ChatFeedbackRequest,
  ChatMessage,
  ChatSearchHit,
  ChatStreamEvent,
  ConversationSummary,
  RegenerateReplyRequest,
  RenameConversationRequest,
  SendChatRequest,
  ShowVersionRequest,
  SpeechLanguageHint,
  StopChatResponse,
} from '@kasa/contracts';
import {
  IDEMPOTENCY_KEY_HEADER,
  VOICE_TURNS_PATH,
  chatRegeneratePath,
  chatReplyStreamPath,
} from '@kasa/contracts';

/** Query keys are the API paths: the default queryFn GETs the key joined by '/'. */
export const CONVERSATIONS_QUERY_KEY = ['/api/chat/conversations'] as const;
export const conversationQueryKey = (id: string) => ['/api/chat/conversations', id] as const;
export const searchQueryKey = (q: string) => ['/api/chat/search', q] as const;
/** GET /api/chat/messages/{id}/follow-ups (ChatFollowUps): made once per finished reply, never stale. */
export const followUpsQueryKey = (assistantMessageId: string) =>
  ['/api/chat/messages', assistantMessageId, 'follow-ups'] as const;
/** GET /api/chat/models (ChatModelsResponse). */
export const CHAT_MODELS_QUERY_KEY = ['/api/chat/models'] as const;

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

/**
 * Shows another version of a message (PUT /api/chat/conversations/{id}/current): answers the
 * messages the conversation now shows, as GET /api/chat/conversations/{id} does.
 */
export function showVersion(conversationId: string, messageId: string): Promise<ChatMessage[]> {
  const body: ShowVersionRequest = { messageId };
  return apiFetch<ChatMessage[]>(`/api/chat/conversations/${encodeURIComponent(conversationId)}/current`, {
    method: 'PUT',
    body,
  });
}

const feedbackPath = (assistantMessageId: string) =>
  `/api/chat/messages/${encodeURIComponent(assistantMessageId)}/feedback`;

/** The user's thumbs up / down on a reply version (a second PUT replaces it). */
export function putFeedback(assistantMessageId: string, body: ChatFeedbackRequest): Promise<ChatFeedback> {
  return apiFetch<ChatFeedback>(feedbackPath(assistantMessageId), { method: 'PUT', body });
}

/** Takes the user's feedback on a reply back (204). */
export function deleteFeedback(assistantMessageId: string): Promise<void> {
  return apiFetch<void>(feedbackPath(assistantMessageId), { method: 'DELETE' });
}

export function searchConversations(q: string, signal?: AbortSignal): Promise<ChatSearchHit[]> {
  return apiFetch<ChatSearchHit[]>(`/api/chat/search?q=${encodeURIComponent(q)}`, { signal });
}

/** An event handler: the event, and the SSE id in force for it (the reply's text offset, see chatReplyStreamPath). */
export type ChatEventHandler = (event: ChatStreamEvent, id: string | null) => void;

/**
 * Reads `data: {json}` lines of a text/event-stream. Chunks may end anywhere (mid-line, mid-UTF-8
 * character): text is decoded in streaming mode and only complete lines are parsed. Blank lines,
 * comments (':') and other fields are skipped; a line that is not JSON is ignored. `id:` lines are
 * kept (resumable replies): `lastEventId` is the id of the last event handed on, so a cut
 * between an event's `id:` line and its `data:` line never claims text that did not arrive.
 */
export class SseLineParser {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  /** The id read for the event being received, until its data is handed on. */
  private pendingId: string | null = null;
  /** The current event already handed on its data (an `id:` after it belongs to it). */
  private dispatched = false;
  /** The id of the last event handed on (null before any id). */
  lastEventId: string | null = null;

  constructor(private readonly onEvent: ChatEventHandler) {}

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
    if (line === '') {
      // End of an event: an id-only event still moves the last id (the SSE rule).
      if (this.pendingId !== null) this.lastEventId = this.pendingId;
      this.pendingId = null;
      this.dispatched = false;
      return;
    }
    if (line.startsWith('id:')) {
      const id = line.slice(3).trim();
      if (id.includes('\0')) return;
      if (this.dispatched) this.lastEventId = id;
      else this.pendingId = id;
      return;
    }
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (!data || data === '[DONE]') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (!parsed || typeof parsed !== 'object') return;
    if (this.pendingId !== null) {
      this.lastEventId = this.pendingId;
      this.pendingId = null;
    }
    this.dispatched = true;
    this.onEvent(parsed as ChatStreamEvent, this.lastEventId);
  }
}

/**
 * The part of a chunk not already in `reply`: a chunk's id is the reply's length after it, so a
 * resumed stream that repeats text (the server answered from an older offset) adds nothing twice.
 * Without a usable id the chunk is taken whole.
 */
export function newText(reply: string, content: string, id: string | null): string {
  const end = id !== null && /^\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(end)) return content;
  const start = end - content.length;
  if (start >= reply.length) return content;
  return content.slice(Math.min(content.length, reply.length - start));
}

async function readStream(response: Response, parser: SseLineParser): Promise<void> {
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

/**
 * POST /api/chat and hand every stream event to `onEvent` as it arrives. Resolves when the stream
 * ends (whatever its last event was); rejects with an ApiError for a non-OK answer (validation,
 * 429, 5xx) and with the fetch error when the connection fails or is aborted. `idempotencyKey`
 * (IDEMPOTENCY_KEY_HEADER) makes a retry of the same message create nothing new.
 */
export function streamChat(
  request: SendChatRequest,
  onEvent: ChatEventHandler,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  return postStream('/api/chat', request, onEvent, signal, idempotencyKey);
}

/**
 * POST chatRegeneratePath: a new version of a reply, answered with the same stream as POST
 * /api/chat (its ids event names the question and the new version), read the same way.
 */
export function streamRegenerate(
  assistantMessageId: string,
  request: RegenerateReplyRequest,
  onEvent: ChatEventHandler,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  return postStream(chatRegeneratePath(assistantMessageId), request, onEvent, signal, idempotencyKey);
}

/** A spoken turn's form fields (libs/contracts/src/voice.ts VOICE_TURNS_PATH), without `confirm`. */
export interface VoiceTurnFields {
  /** A new recording; or `recordingId` for one the server already has. */
  audio?: Blob;
  recordingId?: string;
  /** With `recordingId`: the text to answer instead of transcribing again. */
  message?: string;
  language: SpeechLanguageHint;
  conversationId?: string;
  parentMessageId?: string;
  model?: string;
}

/** The recording's file name, its extension from its type (the server reads the bytes, not the name). */
function recordingFileName(audio: Blob): string {
  const type = audio.type.toLowerCase();
  const extension = type.includes('ogg')
    ? 'ogg'
    : type.includes('mp4') || type.includes('aac')
      ? 'm4a'
      : type.includes('wav')
        ? 'wav'
        : type.includes('mpeg')
          ? 'mp3'
          : 'webm';
  return `recording.${extension}`;
}

/** The multipart body of POST VOICE_TURNS_PATH (the browser sets its boundary). */
export function voiceTurnForm(fields: VoiceTurnFields): FormData {
  const form = new FormData();
  if (fields.audio) form.append('audio', fields.audio, recordingFileName(fields.audio));
  if (fields.recordingId) form.append('recordingId', fields.recordingId);
  if (fields.message !== undefined) form.append('message', fields.message);
  form.append('language', fields.language);
  if (fields.conversationId) form.append('conversationId', fields.conversationId);
  if (fields.parentMessageId !== undefined) form.append('parentMessageId', fields.parentMessageId);
  if (fields.model) form.append('model', fields.model);
  return form;
}

/**
 * POST VOICE_TURNS_PATH (multipart/form-data): the recording is transcribed and answered with the
 * same stream as POST /api/chat, its first (ids) event carrying `transcription`. Rejects like
 * streamChat: an ApiError when the server refuses it before streaming (400/404/413/422/429/503),
 * the fetch error when the connection fails. `idempotencyKey` is the recording's, the same on
 * every try: a repeat stores, charges and transcribes nothing.
 */
export function streamVoiceTurn(
  fields: VoiceTurnFields,
  onEvent: ChatEventHandler,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  return postStream(VOICE_TURNS_PATH, voiceTurnForm(fields), onEvent, signal, idempotencyKey);
}

async function postStream(
  path: string,
  /** JSON (a plain object) or a FormData sent as it is (apiRequest). */
  body: object,
  onEvent: ChatEventHandler,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  const response = await apiRequest(path, { method: 'POST', body, headers, signal });
  await readStream(response, new SseLineParser(onEvent));
}

/**
 * Reattaches to a reply whose stream was cut (GET chatReplyStreamPath with `Last-Event-ID`): the
 * ids event again, the text after that offset, the live chunks and the final event. A fetch with
 * the auth header (EventSource cannot send it), so the caller decides when and how often to retry.
 */
export async function resumeReply(
  assistantMessageId: string,
  lastEventId: string | null,
  onEvent: ChatEventHandler,
  signal?: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
  const response = await apiRequest(chatReplyStreamPath(assistantMessageId), { headers, signal });
  await readStream(response, new SseLineParser(onEvent));
}
