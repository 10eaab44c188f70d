import { cookieSessionId, randomSessionId, uuidFromBytes } from './cookie-session';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// What the server accepts (backend/src/legal/dto/legal.dto.ts).
const SERVER_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

test('this load has a random UUID the server accepts', () => {
  expect(cookieSessionId).toMatch(UUID_V4);
  expect(cookieSessionId).toMatch(SERVER_PATTERN);
});

test('each page load (a fresh evaluation of the module) draws a new id; within a load it stays', async () => {
  const load = async () => {
    let id = '';
    await jest.isolateModulesAsync(async () => {
      id = (await import('./cookie-session')).cookieSessionId;
    });
    return id;
  };
  const first = await load();
  const second = await load();
  expect(first).toMatch(UUID_V4);
  expect(second).toMatch(UUID_V4);
  expect(new Set([cookieSessionId, first, second]).size).toBe(3);
  expect((await import('./cookie-session')).cookieSessionId).toBe(cookieSessionId);
});

test('uses crypto.randomUUID when the browser has it', () => {
  const randomUUID = jest.fn(() => '11111111-2222-4333-8444-555555555555' as const);
  expect(randomSessionId({ randomUUID })).toBe('11111111-2222-4333-8444-555555555555');
  expect(randomUUID).toHaveBeenCalledTimes(1);
});

test('without randomUUID (old browser, plain http) builds a v4 UUID from getRandomValues', () => {
  const getRandomValues = jest.fn(<T extends ArrayBufferView | null>(array: T) => {
    (array as unknown as Uint8Array).fill(0xff);
    return array;
  });
  const id = randomSessionId({ getRandomValues } as never);
  expect(getRandomValues).toHaveBeenCalledTimes(1);
  // All bits set except where version 4 and the RFC variant are written.
  expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  expect(randomSessionId({ getRandomValues: crypto.getRandomValues.bind(crypto) })).toMatch(UUID_V4);
});

test('without any Web Crypto it still produces a valid id rather than breaking the page', () => {
  const a = randomSessionId({});
  const b = randomSessionId({});
  expect(a).toMatch(UUID_V4);
  expect(a).not.toBe(b);
});

test('uuidFromBytes lays the bytes out as a UUID', () => {
  const bytes = Uint8Array.from({ length: 16 }, (_, i) => i);
  expect(uuidFromBytes(bytes)).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f');
  expect(() => uuidFromBytes(new Uint8Array(15))).toThrow(RangeError);
});
