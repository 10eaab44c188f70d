// Test helpers: the chat API stubbed at the network boundary (global fetch: jsdom has none), a
// streamed POST /api/chat body the test writes into event by event, matchMedia for a viewport
// width, and the providers the shell gives the remote (@kasa/ui/testing).
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  AuthUser,
  ChatFeedbackRequest,
  ChatMessage,
  ChatSearchHit,
  ChatStreamEvent,
  ConversationSummary,
  FeaturesRuntimeConfig,
  SendChatRequest,
  SubscriptionStatus,
  VoiceCapabilities,
} from '@kasa/contracts';
import type { Language, SessionControls } from '@kasa/ui';
import { renderRemote } from '@kasa/ui/testing';

// ---------- viewport ----------

let viewportWidth = 1280;
const mediaListeners = new Set<() => void>();

function mediaMatches(query: string): boolean {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (min) return viewportWidth >= Number(min[1]);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (max) return viewportWidth <= Number(max[1]);
  return false; // (pointer: coarse) and the rest
}

/** matchMedia answering width queries for `width` px (900+ = the desktop layout). */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query,
      get matches() {
        return mediaMatches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => mediaListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => mediaListeners.delete(listener),
      addListener: (listener: () => void) => mediaListeners.add(listener),
      removeListener: (listener: () => void) => mediaListeners.delete(listener),
      dispatchEvent: () => false,
    }),
  });
  for (const listener of [...mediaListeners]) listener();
}

// ---------- network ----------

export interface FakeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  json: () => Promise<unknown>;
  text: () => Promise<string>;
  blob: () => Promise<Blob>;
}

export function jsonResponse(status: number, body?: unknown): FakeResponse {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers(body === undefined ? {} : { 'content-type': 'application/json' }),
    body: null,
    json: async () => JSON.parse(text),
    text: async () => text,
    blob: async () => new Blob([text]),
  };
}

/** A text/event-stream answer the test writes into: `send(event)`, `raw(text)`, `close()`, `drop()`. */
export function eventStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let finished = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const fail = (error: unknown) => {
    if (finished) return;
    finished = true;
    controller.error(error);
  };
  signal?.addEventListener('abort', () => fail(new DOMException('The operation was aborted.', 'AbortError')));
  const response: FakeResponse = {
    ok: true,
    status: 200,
    statusText: '',
    headers: new Headers({ 'content-type': 'text/event-stream' }),
    body,
    json: async () => {
      throw new Error('not JSON');
    },
    text: async () => '',
    blob: async () => new Blob([]),
  };
  return {
    response,
    /** One `data: {json}` event, with its SSE `id:` when given (the reply's text offset). */
    send: (event: ChatStreamEvent, id?: string | number) => {
      const idLine = id === undefined ? '' : `id: ${id}\n`;
      if (!finished) controller.enqueue(encoder.encode(`${idLine}data: ${JSON.stringify(event)}\n\n`));
    },
    /** Raw bytes, for chunk boundaries anywhere. */
    raw: (text: string) => {
      if (!finished) controller.enqueue(encoder.encode(text));
    },
    close: () => {
      if (finished) return;
      finished = true;
      controller.close();
    },
    /** The connection drops mid-stream. */
    drop: () => fail(new TypeError('network error')),
  };
}

export type EventStream = ReturnType<typeof eventStream>;

export interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers: Headers;
}

/**
 * The chat API's answers, kept in memory like the server keeps them. `onChat` decides how
 * POST /api/chat answers (by default: an event stream the test drives through `streams`).
 */
export class FakeApi {
  user: AuthUser | null = null;
  conversations: ConversationSummary[] = [];
  messages = new Map<string, ChatMessage[]>();
  search: (q: string) => ChatSearchHit[] = () => [];
  calls: Call[] = [];
  streams: EventStream[] = [];
  onChat:
    ((body: SendChatRequest, signal?: AbortSignal | null) => FakeResponse | Promise<FakeResponse>) | null =
    null;
  /** Answer to GET /api/chat/conversations/{id}, when a test wants a failure. */
  conversationAnswer: ((id: string) => FakeResponse | Error | undefined) | null = null;
  onStop: ((id: string) => void) | null = null;
  /**
   * GET /api/chat/messages/{id}/stream (resumable replies): false answers 404 like a server that no
   * longer knows the reply; true opens a stream the test writes into (resumeStreams, with the
   * Last-Event-ID it was asked from).
   */
  resumable = false;
  resumeStreams: Array<ReturnType<typeof eventStream> & { id: string; lastEventId: string | null }> = [];
  /** GET /api/subscription/status (the usage warning); null: the request fails like a lost connection. */
  subscriptionStatus: SubscriptionStatus | null = null;
  /**
   * POST /api/chat/messages/{id}/regenerate: by default a stream the test writes into
   * (regenerateStreams, with the reply's id); `onRegenerate` answers otherwise.
   */
  regenerateStreams: Array<EventStream & { id: string }> = [];
  onRegenerate: ((id: string) => FakeResponse | Error) | null = null;
  /** GET /api/voice/capabilities (the composer's microphone asks on load): the offline engines by default. */
  voiceCapabilities: VoiceCapabilities = {
    speechToText: {
      available: true,
      engine: 'pocketsphinx',
      languages: ['en'],
      detectsLanguage: false,
      unavailableReason: null,
    },
    textToSpeech: { engine: 'espeak-ng' },
  };
  /** PUT /api/chat/conversations/{id}/current: the messages shown once `messageId` is (404 when absent). */
  shownPaths = new Map<string, ChatMessage[]>();
  /** PUT / DELETE /api/chat/messages/{id}/feedback: a failure to answer instead of the usual one. */
  feedbackAnswer: ((id: string, method: string) => FakeResponse | Error | undefined) | null = null;
  /** GET /api/chat/messages/{id}/follow-ups: the suggestions per reply ([] when absent). */
  followUps = new Map<string, string[]>();

  addConversation(id: string, title: string, messages: ChatMessage[] = [], generating = false) {
    const at = new Date(2026, 0, 1).toISOString();
    this.conversations.push({ id, title, createdAt: at, updatedAt: at, generating });
    this.messages.set(id, messages);
  }

  callsTo(method: string, url: string | RegExp): Call[] {
    return this.calls.filter(
      (c) => c.method === method && (typeof url === 'string' ? c.url === url : url.test(c.url)),
    );
  }

  install(): jest.Mock {
    const stub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
      this.calls.push({ method, url, body, headers: new Headers(init.headers) });
      const answer = await this.answer(method, url, body, init.signal, new Headers(init.headers));
      if (answer instanceof Error) throw answer;
      return answer as unknown as Response;
    });
    (globalThis as { fetch?: unknown }).fetch = stub;
    return stub;
  }

  private async answer(
    method: string,
    url: string,
    body: unknown,
    signal?: AbortSignal | null,
    headers?: Headers,
  ): Promise<FakeResponse | Error> {
    const path = url.split('?')[0];
    const resume = /^\/api\/chat\/messages\/([^/]+)\/stream$/.exec(path);
    if (method === 'GET' && resume) {
      if (!this.resumable)
        return jsonResponse(404, {
          statusCode: 404,
          message: 'Message not found',
          code: 'CHAT_MESSAGE_NOT_FOUND',
        });
      const stream = Object.assign(eventStream(signal), {
        id: decodeURIComponent(resume[1]),
        lastEventId: headers?.get('Last-Event-ID') ?? null,
      });
      this.resumeStreams.push(stream);
      return stream.response;
    }
    const messageRoute = /^\/api\/chat\/messages\/([^/]+)\/(regenerate|feedback|follow-ups)$/.exec(path);
    if (messageRoute) {
      const id = decodeURIComponent(messageRoute[1]);
      const what = messageRoute[2];
      if (what === 'regenerate' && method === 'POST') {
        if (this.onRegenerate) return this.onRegenerate(id);
        const stream = Object.assign(eventStream(signal), { id });
        this.regenerateStreams.push(stream);
        return stream.response;
      }
      if (what === 'feedback' && (method === 'PUT' || method === 'DELETE')) {
        const special = this.feedbackAnswer?.(id, method);
        if (special) return special;
        if (method === 'DELETE') return jsonResponse(204);
        const request = body as ChatFeedbackRequest;
        return jsonResponse(200, {
          rating: request.rating,
          reason: request.reason ?? null,
          updatedAt: new Date(2026, 0, 2).toISOString(),
        });
      }
      if (what === 'follow-ups' && method === 'GET')
        return jsonResponse(200, { followUps: this.followUps.get(id) ?? [] });
    }
    const current = /^\/api\/chat\/conversations\/([^/]+)\/current$/.exec(path);
    if (method === 'PUT' && current) {
      const shown = this.shownPaths.get((body as { messageId: string }).messageId);
      if (!shown)
        return jsonResponse(404, {
          statusCode: 404,
          message: 'Message not found',
          code: 'CHAT_MESSAGE_NOT_FOUND',
        });
      this.messages.set(decodeURIComponent(current[1]), shown);
      return jsonResponse(200, shown);
    }
    if (method === 'GET' && path === '/api/auth/user') {
      return this.user
        ? jsonResponse(200, { user: this.user })
        : jsonResponse(401, { message: 'Unauthorized' });
    }
    if (method === 'GET' && path === '/api/subscription/status' && this.subscriptionStatus) {
      return jsonResponse(200, this.subscriptionStatus);
    }
    if (method === 'GET' && path === '/api/chat/conversations') return jsonResponse(200, this.conversations);
    if (method === 'GET' && path === '/api/voice/capabilities')
      return jsonResponse(200, this.voiceCapabilities);
    if (method === 'GET' && path === '/api/chat/search') {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return jsonResponse(200, this.search(q));
    }
    if (method === 'POST' && path === '/api/chat') {
      if (this.onChat) return this.onChat(body as SendChatRequest, signal);
      const stream = eventStream(signal);
      this.streams.push(stream);
      return stream.response;
    }
    const stop = /^\/api\/chat\/conversations\/([^/]+)\/stop$/.exec(path);
    if (method === 'POST' && stop) {
      this.onStop?.(decodeURIComponent(stop[1]));
      return jsonResponse(200, { stopped: true });
    }
    const one = /^\/api\/chat\/conversations\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]);
      if (method === 'GET') {
        const special = this.conversationAnswer?.(id);
        if (special) return special;
        const list = this.messages.get(id);
        return list ? jsonResponse(200, list) : conversationNotFound();
      }
      if (method === 'PATCH') {
        const conversation = this.conversations.find((c) => c.id === id);
        if (!conversation) return conversationNotFound();
        conversation.title = (body as { title: string }).title;
        return jsonResponse(200, conversation);
      }
      if (method === 'DELETE') {
        this.conversations = this.conversations.filter((c) => c.id !== id);
        this.messages.delete(id);
        return jsonResponse(204);
      }
    }
    return new TypeError('Failed to fetch');
  }
}

/** The 404 the chat API answers for a conversation that is not the user's (backend/src/chat). */
export const conversationNotFound = () =>
  jsonResponse(404, {
    statusCode: 404,
    error: 'Not Found',
    code: 'CHAT_CONVERSATION_NOT_FOUND',
    message: 'Conversation not found.',
  });

export function message(
  id: string,
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return { id, role, content, status: 'complete', createdAt: new Date(2026, 0, 1).toISOString(), ...extra };
}

// ---------- rendering ----------

export interface RenderOptions {
  path?: string;
  /** Earlier in-app pages, before `path` (the router's history). */
  history?: string[];
  language?: Language;
  session?: SessionControls | null;
  queryClient?: QueryClient;
  assistantName?: string;
  /** The runtime configuration's optional features (all on by default). */
  features?: FeaturesRuntimeConfig;
}

/** The remote inside the shell's providers (@kasa/ui/testing renderRemote), at /chat by default. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const { path = '/chat', assistantName = 'Kasa', features, ...rest } = options;
  return renderRemote(ui, { ...rest, path, appInfo: { assistantName, features } });
}
