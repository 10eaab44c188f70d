import * as fs from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from './api-exception';
import { type MultipartFileRules, withMultipartFile } from './multipart-file';

const RULES: MultipartFileRules = {
  field: 'file',
  maxBytes: 100,
  missingCode: 'UPLOAD_FILE_MISSING',
  required: 'Please select a file to upload.',
  noun: 'file',
  tooLarge: (name) =>
    new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'UPLOAD_TOO_LARGE', `Too large: ${name}`),
};

describe('withMultipartFile', () => {
  let server: Server;
  let url: string;
  let dir: string;
  /** What `use` saw of the last accepted file: its bytes, read while it still existed. */
  let seen: { bytes: string; head: string; name?: string; conversationId?: string } | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kasa-multipart-'));
    server = createServer((request, response) => {
      withMultipartFile(request as Request, dir, RULES, async (file) => {
        seen = {
          bytes: readFileSync(file.path, 'utf8'),
          head: file.head.toString('utf8'),
          name: file.originalName,
          conversationId: file.conversationId,
        };
        return file.size;
      }).then(
        (size) => response.writeHead(200).end(JSON.stringify({ size })),
        (error: ApiException) =>
          response.writeHead(error.getStatus()).end(JSON.stringify(error.getResponse())),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => (seen = undefined));

  const send = async (parts: Array<[string, string | Blob, string?]>) => {
    const form = new FormData();
    for (const [name, value, filename] of parts)
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, filename);
    const response = await fetch(url, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const file = (size: number) => new Blob(['x'.repeat(size)], { type: 'text/plain' });

  it('takes a file of exactly the limit, with its name, head and conversation, and removes it after', async () => {
    const conversationId = '2b7d5c1e-0000-4000-8000-000000000000';
    expect(
      await send([
        ['conversationId', conversationId],
        ['file', file(100), 'notes.txt'],
      ]),
    ).toEqual({
      status: 200,
      body: { size: 100 },
    });
    expect(seen).toEqual({ bytes: 'x'.repeat(100), head: 'x'.repeat(64), name: 'notes.txt', conversationId });
    expect(await readdir(dir)).toEqual([]);
  });

  it('a bad field before the file: refused without writing the file part busboy had already read', async () => {
    // The part came after the refusal; writing it raced the removal, which lost under load and
    // left a file behind.
    const writes = jest.spyOn(fs, 'createWriteStream');
    try {
      const refused = await send([
        ['conversationId', 'not-a-uuid'],
        ['file', file(50), 'notes.txt'],
      ]);
      expect(refused.status).toBe(400);
      expect(writes).not.toHaveBeenCalled();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      writes.mockRestore();
    }
  });

  it('refuses one byte over the limit with the route’s own 413, leaving nothing behind', async () => {
    expect(await send([['file', file(101), 'big.txt']])).toMatchObject({
      status: 413,
      body: { code: 'UPLOAD_TOO_LARGE', message: 'Too large: big.txt' },
    });
    expect(seen).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([
    ['no file', [['conversationId', '2b7d5c1e-0000-4000-8000-000000000000']], 400, 'UPLOAD_FILE_MISSING'],
    ['an empty file', [['file', file(0), 'empty.txt']], 400, 'UPLOAD_FILE_MISSING'],
    ['another file field', [['picture', file(5), 'a.txt']], 400, 'UPLOAD_FILE_MISSING'],
    [
      'a bad conversation id',
      [
        ['conversationId', 'nope'],
        ['file', file(5), 'a.txt'],
      ],
      400,
      'VALIDATION_FAILED',
    ],
    [
      'another field',
      [
        ['prompt', 'hi'],
        ['file', file(5), 'a.txt'],
      ],
      400,
      'VALIDATION_FAILED',
    ],
  ] as Array<[string, Array<[string, string | Blob, string?]>, number, string]>)(
    'refuses %s',
    async (_case, parts, status, code) => {
      expect(await send(parts)).toMatchObject({ status, body: { code } });
      expect(seen).toBeUndefined();
      expect(existsSync(dir) ? await readdir(dir) : []).toEqual([]);
    },
  );

  it('answers 415 to a body that is not multipart', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
