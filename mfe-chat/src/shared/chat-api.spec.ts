import type { ChatStreamEvent } from '@kasa/contracts';
import { newText, SseLineParser, voiceTurnForm } from './chat-api';

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

test('keeps the id of the last event handed on, wherever the stream is cut', () => {
  const text =
    'id: 0\ndata: {"conversationId":"c1","assistantMessageId":"a1"}\n\n' +
    'id: 3\ndata: {"content":"Bon"}\n\nid: 7\ndata: {"content":"jour"}\n\n';
  const seen: Array<[string | undefined, string | null]> = [];
  const full = new SseLineParser((e, id) => seen.push([e.content, id]));
  full.push(text);
  expect(seen).toEqual([
    [undefined, '0'],
    ['Bon', '3'],
    ['jour', '7'],
  ]);
  expect(full.lastEventId).toBe('7');
  // Cut after an event's id line but before its data: the id of that event is not claimed.
  const cut = text.indexOf('data: {"content":"jour"}');
  const partial = new SseLineParser(() => undefined);
  partial.push(text.slice(0, cut));
  expect(partial.lastEventId).toBe('3');
  // An id line after the data of its event, and an id-only event, count too.
  const late = new SseLineParser(() => undefined);
  late.push('data: {"content":"x"}\nid: 1\n\n');
  expect(late.lastEventId).toBe('1');
  late.push('id: 9\n\n');
  expect(late.lastEventId).toBe('9');
});

test('newText: a resumed chunk adds only what the reply does not have yet', () => {
  expect(newText('', 'Hello', '5')).toBe('Hello');
  expect(newText('Hello', ' world', '11')).toBe(' world');
  // The server answered from an earlier offset: the overlap is dropped, once.
  expect(newText('Hello wo', 'o world', '11')).toBe('rld');
  // Text wholly already there.
  expect(newText('Hello world', 'world', '11')).toBe('');
  // No id (an older server): taken whole.
  expect(newText('Hello', ' again', null)).toBe(' again');
});

test('a voice turn form: the recording named by its type, only the fields given, never `confirm`', () => {
  const entries = (form: FormData) =>
    [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
  const webm = new Blob(['x'], { type: 'audio/webm;codecs=opus' });
  expect(entries(voiceTurnForm({ audio: webm, language: 'auto' }))).toEqual([
    ['audio', 'recording.webm'],
    ['language', 'auto'],
  ]);
  const ogg = new Blob(['x'], { type: 'audio/ogg;codecs=opus' });
  expect(
    entries(
      voiceTurnForm({ audio: ogg, language: 'fr', conversationId: 'c1', parentMessageId: 'a1', model: 'm' }),
    ),
  ).toEqual([
    ['audio', 'recording.ogg'],
    ['language', 'fr'],
    ['conversationId', 'c1'],
    ['parentMessageId', 'a1'],
    ['model', 'm'],
  ]);
  expect(entries(voiceTurnForm({ recordingId: 'r1', message: 'Corrected', language: 'en' }))).toEqual([
    ['recordingId', 'r1'],
    ['message', 'Corrected'],
    ['language', 'en'],
  ]);
});
