import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { EventStreamWriter } from './sse';

/** The part of a Node response the writer uses; `full` makes write() report a full socket. */
class FakeResponse extends EventEmitter {
  writes: string[] = [];
  ended = false;
  full = false;
  writableEnded = false;
  destroyed = false;
  write(data: string): boolean {
    this.writes.push(data);
    return !this.full;
  }
  end(data?: string): void {
    if (data) this.writes.push(data);
    this.writableEnded = true;
  }
  drain(): void {
    this.full = false;
    this.emit('drain');
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const writerOf = (fake: FakeResponse) => new EventStreamWriter(fake as unknown as Response);

describe('EventStreamWriter', () => {
  it('writes the events of one turn in one write, each with its own id and data lines', async () => {
    const fake = new FakeResponse();
    const writer = writerOf(fake);
    writer.event(0, { conversationId: 'c' });
    writer.chatEvent(5, { content: 'Hello' });
    writer.chatEvent(11, { content: ' world' });
    expect(fake.writes).toEqual([]);
    await turn();
    expect(fake.writes).toEqual([
      'id: 0\ndata: {"conversationId":"c"}\n\nid: 5\ndata: {"content":"Hello"}\n\nid: 11\ndata: {"content":" world"}\n\n',
    ]);
    writer.chatEvent(12, { content: '!' });
    await turn();
    expect(fake.writes).toHaveLength(2);
  });

  it('one flush serves every writer of the turn', async () => {
    const fakes = [new FakeResponse(), new FakeResponse()];
    const writers = fakes.map(writerOf);
    writers[0].chatEvent(1, { content: 'a' });
    writers[1].chatEvent(1, { content: 'b' });
    writers[0].chatEvent(2, { content: 'c' });
    await turn();
    expect(fakes.map((f) => f.writes.length)).toEqual([1, 1]);
  });

  it('while the socket is full, merges content into one event with the last offset; others stay apart', async () => {
    const fake = new FakeResponse();
    const writer = writerOf(fake);
    fake.full = true;
    writer.chatEvent(1, { content: 'a' });
    await turn();
    expect(fake.writes).toEqual(['id: 1\ndata: {"content":"a"}\n\n']);
    writer.chatEvent(2, { content: 'b' });
    writer.chatEvent(4, { content: 'cd' });
    await turn();
    writer.chatEvent(5, { content: 'e' });
    await turn();
    expect(fake.writes).toHaveLength(1);
    fake.drain();
    expect(fake.writes[1]).toBe('id: 5\ndata: {"content":"bcde"}\n\n');
    writer.chatEvent(6, { content: 'f' });
    writer.chatEvent(6, { done: true });
    writer.end();
    expect(fake.writes[2]).toBe('id: 6\ndata: {"content":"f"}\n\nid: 6\ndata: {"done":true}\n\n');
    expect(fake.writableEnded).toBe(true);
    await turn();
    expect(fake.writes).toHaveLength(3);
  });

  it('end() writes what is queued at once; nothing is written once the client is gone', async () => {
    const fake = new FakeResponse();
    const writer = writerOf(fake);
    writer.chatEvent(3, { content: 'abc' });
    writer.chatEvent(3, { error: 'boom', code: 'CHAT_REPLY_FAILED' });
    writer.end();
    expect(fake.writes).toEqual([
      'id: 3\ndata: {"content":"abc"}\n\nid: 3\ndata: {"error":"boom","code":"CHAT_REPLY_FAILED"}\n\n',
    ]);
    expect(writer.chatEvent(4, { content: 'late' })).toBe(false);
    const gone = new FakeResponse();
    const other = writerOf(gone);
    other.chatEvent(1, { content: 'x' });
    gone.destroyed = true;
    await turn();
    expect(gone.writes).toEqual([]);
  });
});
