import type { Request, Response } from 'express';
import { guardRequestInput, PATH_NOT_DECODABLE, UNSAFE_TEXT_REASON } from './input-guard';
import { BODY_TOO_DEEP, BODY_TOO_MANY_FIELDS } from './input-shape';

interface Sent {
  status: number;
  body: { statusCode: number; code: string; message: string; details?: string[] };
}

/** Runs the guard on a request; resolves with the answer it sent, or 'next' when it let it through. */
function guard(input: { path?: string; query?: unknown; body?: unknown }): Sent | 'next' {
  const request = {
    path: '/api/x',
    query: {},
    originalUrl: '/api/x',
    id: 'r1',
    ...input,
  } as unknown as Request;
  let sent: Sent | undefined;
  const response = {
    status(status: number) {
      return { json: (body: Sent['body']) => (sent = { status, body }) };
    },
  } as unknown as Response;
  let passed = false;
  guardRequestInput(request, response, () => (passed = true));
  return passed ? 'next' : sent!;
}

const refusal = (sent: Sent | 'next') => {
  if (sent === 'next') throw new Error('the guard let the request through');
  return { status: sent.status, code: sent.body.code, message: sent.body.message };
};

describe('guardRequestInput', () => {
  it('lets ordinary requests through, raw (Buffer) bodies untouched', () => {
    expect(guard({ body: { message: 'Café 玉米 🌽', tags: ['a'] }, query: { q: 'maïs' } })).toBe('next');
    expect(guard({ path: '/api/chat/conversations/abc%2Fdef', body: undefined })).toBe('next');
    expect(guard({ body: Buffer.from('{"a":"\\u0000"}') })).toBe('next');
  });

  it('refuses a path that does not decode, or decodes to unsafe text', () => {
    expect(refusal(guard({ path: '/api/chat/conversations/%C0%80' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: PATH_NOT_DECODABLE,
    });
    expect(refusal(guard({ path: '/api/legal/pages/a%00' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: `The URL path ${UNSAFE_TEXT_REASON}`,
    });
  });

  it('names the query parameter or body field holding unsafe text', () => {
    expect(refusal(guard({ query: { q: ['ok', 'a\u0000'] } })).message).toBe(`q[1] ${UNSAFE_TEXT_REASON}`);
    expect(refusal(guard({ query: { 'a\u0000': 'x' } })).message).toBe(
      `A query parameter name ${UNSAFE_TEXT_REASON}`,
    );
    expect(refusal(guard({ body: { email: 'a\ud800@example.com' } })).message).toBe(
      `email ${UNSAFE_TEXT_REASON}`,
    );
    expect(refusal(guard({ body: { '\udc00': 1 } })).message).toBe(`A field name ${UNSAFE_TEXT_REASON}`);
  });

  it('refuses bodies too deep, too wide or with prototype keys before any validation', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(refusal(guard({ body: { a: deep } }))).toEqual({
      status: 400,
      code: 'BODY_TOO_COMPLEX',
      message: BODY_TOO_DEEP,
    });
    const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, '\u0000']));
    expect(refusal(guard({ body: wide }))).toEqual({
      status: 400,
      code: 'BODY_TOO_COMPLEX',
      message: BODY_TOO_MANY_FIELDS,
    });
    expect(refusal(guard({ body: JSON.parse('{"__proto__":{"admin":true}}') }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'property __proto__ should not exist',
    });
  });

  it('sends the common error body, with the message as its one detail for a validation failure', () => {
    const sent = guard({ body: { title: 'a\u0000' } });
    expect(sent).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        details: [`title ${UNSAFE_TEXT_REASON}`],
        requestId: 'r1',
      },
    });
  });
});
