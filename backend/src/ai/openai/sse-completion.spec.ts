import { createLineWatcher, fetchTrackingSseDone, sawSseDone } from './sse-completion';

const encode = (text: string) => new TextEncoder().encode(text);

describe('createLineWatcher', () => {
  it('reports complete lines across chunk boundaries and line-ending styles', () => {
    const lines: string[] = [];
    const watcher = createLineWatcher((line) => lines.push(line));
    watcher.push(encode('data: {"a"'));
    watcher.push(encode(':1}\r\n\r\ndata: [DO'));
    watcher.push(encode('NE]\n'));
    watcher.push(encode('tail'));
    watcher.end();
    expect(lines.filter((line) => line !== '')).toEqual(['data: {"a":1}', 'data: [DONE]', 'tail']);
  });

  it('decodes multi-byte characters split between chunks', () => {
    const lines: string[] = [];
    const watcher = createLineWatcher((line) => lines.push(line));
    const bytes = encode('data: café\n');
    watcher.push(bytes.slice(0, 10));
    watcher.push(bytes.slice(10));
    expect(lines).toEqual(['data: café']);
  });
});

describe('fetchTrackingSseDone', () => {
  const sse = (body: string, type = 'text/event-stream') =>
    fetchTrackingSseDone(async () => new Response(body, { headers: { 'content-type': type } }));

  it('passes the body through unchanged and records [DONE]', async () => {
    const body = 'data: {"x":1}\n\ndata: [DONE]\n\n';
    const response = await sse(body)('http://x');
    expect(await response.text()).toBe(body);
    expect(sawSseDone(response)).toBe(true);
  });

  it('records a stream that ended without [DONE]', async () => {
    const response = await sse('data: {"x":1}\n\n')('http://x');
    await response.text();
    expect(sawSseDone(response)).toBe(false);
  });

  it('accepts data:[DONE] without the space', async () => {
    const response = await sse('data:[DONE]')('http://x');
    await response.text();
    expect(sawSseDone(response)).toBe(true);
  });

  it('leaves other responses alone', async () => {
    const response = await sse('{"ok":true}', 'application/json')('http://x');
    expect(sawSseDone(response)).toBeUndefined();
    expect(await response.json()).toEqual({ ok: true });
  });
});
