import type { ChatStreamEvent } from '@kasa/contracts';
import { SseLineParser } from './chat-api';

function parse(chunks: Array<string | Uint8Array>): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const parser = new SseLineParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

test('reads data: lines, split anywhere, CRLF or LF, skipping blanks, comments and junk', () => {
  const text =
    ': keep-alive\r\n\r\ndata: {"conversationId":"c1","userMessageId":"u1","assistantMessageId":"a1"}\r\n\r\n' +
    'data: {"content":"Bon"}\n\nevent: ping\ndata: not json\n\ndata: {"content":"jour"}\n\ndata: [DONE]\n\n' +
    'data: {"done":true,"conversationId":"c1"}';
  const expected = [
    { conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' },
    { content: 'Bon' },
    { content: 'jour' },
    { done: true, conversationId: 'c1' },
  ];
  expect(parse([text])).toEqual(expected);
  // Every split point, including in the middle of 'data:' and of the JSON.
  for (let i = 1; i < text.length; i += 7) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(expected);
  expect(parse(text.split(''))).toEqual(expected);
});

test('a multi-byte character split across network chunks is decoded whole', () => {
  const bytes = new TextEncoder().encode('data: {"content":"Ça va, café ☕"}\n\n');
  const cut = bytes.indexOf(0xc3) + 1; // inside 'Ç'
  const events = parse([bytes.slice(0, cut), bytes.slice(cut, cut + 20), bytes.slice(cut + 20)]);
  expect(events).toEqual([{ content: 'Ça va, café ☕' }]);
});
