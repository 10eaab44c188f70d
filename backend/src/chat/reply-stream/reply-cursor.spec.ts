import type { ChatStreamEvent } from '@kasa/contracts';
import { ReplyCursor } from './reply-cursor';

function cursorFrom(offset: number) {
  const written: Array<[ChatStreamEvent, number]> = [];
  const cursor = new ReplyCursor(offset, (event, id) => written.push([event, id]));
  const text = () => written.map(([event]) => event.content ?? '').join('');
  return { cursor, written, text };
}

describe('ReplyCursor', () => {
  it('writes saved text after the offset, then only the new part of overlapping records', () => {
    const { cursor, written, text } = cursorFrom(3);
    cursor.offerPrefix('Hello wor');
    cursor.offerRecords([
      { endOffset: 5, text: 'Hello' },
      { endOffset: 11, text: ' world' },
      { endOffset: 12, text: '!' },
    ]);
    cursor.offerRecords([{ endOffset: 12, final: { done: true, conversationId: 'c' } }]);
    expect(text()).toBe('lo world!');
    expect(written.map(([, id]) => id)).toEqual([9, 11, 12, 12]);
    expect(written.at(-1)![0]).toEqual({ done: true, conversationId: 'c' });
    expect(cursor.finished).toBe(true);
  });

  it('holds records after a gap until the database fills it, and never repeats', () => {
    const { cursor, text } = cursorFrom(0);
    cursor.offerRecords([
      { endOffset: 10, text: 'fghij' },
      { endOffset: 12, text: 'kl' },
    ]);
    expect(cursor.hasGap).toBe(true);
    expect(text()).toBe('');
    cursor.offerPrefix('abc'); // saved progress still short of the first record
    expect(cursor.hasGap).toBe(true);
    cursor.offerPrefix('abcdefg');
    expect(cursor.hasGap).toBe(false);
    expect(text()).toBe('abcdefghijkl');
    expect(cursor.delivered).toBe(12);
  });

  it('waits for the text before a final event, and ends once', () => {
    const { cursor, written, text } = cursorFrom(2);
    cursor.offerRecords([{ endOffset: 6, final: { done: true, stopped: true, conversationId: 'c' } }]);
    expect(written).toHaveLength(0);
    cursor.finish('abcdef', { done: true, stopped: true, conversationId: 'c' });
    cursor.offerRecords([{ endOffset: 7, text: 'g' }]);
    cursor.finish('abcdefg', { done: true, conversationId: 'c' });
    expect(text()).toBe('cdef');
    expect(written.at(-1)).toEqual([{ done: true, stopped: true, conversationId: 'c' }, 6]);
    expect(written).toHaveLength(2);
  });

  it('ends a finished reply read from the database with its last offset', () => {
    const { cursor, written } = cursorFrom(4);
    cursor.finish('abcd', { error: 'x', code: 'CHAT_REPLY_FAILED', conversationId: 'c' });
    expect(written).toEqual([[{ error: 'x', code: 'CHAT_REPLY_FAILED', conversationId: 'c' }, 4]]);
  });
});
