import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import type { ChatStreamEvent, SendChatRequest } from '@kasa/contracts';

/** Listens on a loopback port (supertest cannot abort a request halfway through a stream). */
export async function listen(app: INestApplication): Promise<string> {
  const server = app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface ChatStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every `data:` event received so far, in order. */
  events: ChatStreamEvent[];
  /** Raw text received so far. */
  raw: string;
  /** Resolves with the first event (received or to come) that matches. */
  waitFor(predicate: (event: ChatStreamEvent) => boolean, timeoutMs?: number): Promise<ChatStreamEvent>;
  /** Resolves when the server ends the response. */
  ended: Promise<ChatStreamEvent[]>;
  /** Drops the connection (a phone losing signal). */
  abort(): void;
}

/** POST /api/chat over a real socket, parsing `data: {json}` lines as they arrive. */
export function openChatStream(
  baseUrl: string,
  token: string | null,
  body: SendChatRequest | Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
): Promise<ChatStream> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      `${baseUrl}/api/chat`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...extraHeaders,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        const waiters: Array<{
          predicate: (e: ChatStreamEvent) => boolean;
          resolve: (e: ChatStreamEvent) => void;
        }> = [];
        let buffer = '';
        let endResolve!: (events: ChatStreamEvent[]) => void;
        const stream: ChatStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events: [],
          raw: '',
          waitFor: (predicate, timeoutMs = 15_000) => {
            const found = stream.events.find(predicate);
            if (found) return Promise.resolve(found);
            return new Promise((resolveWait, rejectWait) => {
              const timer = setTimeout(
                () =>
                  rejectWait(
                    new Error(`No matching event in ${timeoutMs} ms; got ${JSON.stringify(stream.events)}`),
                  ),
                timeoutMs,
              );
              waiters.push({
                predicate,
                resolve: (event) => {
                  clearTimeout(timer);
                  resolveWait(event);
                },
              });
            });
          },
          ended: new Promise((resolveEnd) => (endResolve = resolveEnd)),
          abort: () => {
            request.destroy();
            endResolve(stream.events);
          },
        };
        response.on('data', (text: string) => {
          stream.raw += text;
          buffer += text;
          let index: number;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            for (const line of block.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const event = JSON.parse(line.slice(6)) as ChatStreamEvent;
              stream.events.push(event);
              for (const waiter of [...waiters]) {
                if (waiter.predicate(event)) {
                  waiters.splice(waiters.indexOf(waiter), 1);
                  waiter.resolve(event);
                }
              }
            }
          }
        });
        response.on('end', () => endResolve(stream.events));
        response.on('close', () => endResolve(stream.events));
        response.on('error', () => endResolve(stream.events));
        resolve(stream);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The text of the stream's content events, joined. */
export function streamedText(events: ChatStreamEvent[]): string {
  return events
    .filter((event) => typeof event.content === 'string')
    .map((event) => event.content)
    .join('');
}

export async function sql<T = Record<string, unknown>>(
  databaseUrl: string,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}
