import type { ChatMessage } from '@kasa/contracts';
import { message } from '../testing/chat-harness';
import type { LiveTurn } from './chat-sender';
import { messagesBeforeTurn } from './shown-messages';

const saved: ChatMessage[] = [
  message('u1', 'user', 'When do I sow?'),
  message('a1', 'assistant', 'After the first rains.'),
  message('u2', 'user', 'And maize?'),
  message('a2', 'assistant', 'In April.'),
];

function turn(fields: Partial<LiveTurn>): LiveTurn {
  return {
    key: 1,
    kind: 'send',
    conversationId: 'c1',
    origin: 'c1',
    userMessage: message('local-user-1', 'user', 'x'),
    userMessageId: null,
    assistantMessageId: null,
    reply: '',
    phase: 'waiting',
    stopping: false,
    reconnecting: false,
    itemKey: 'k',
    ...fields,
  };
}

const ids = (list: readonly ChatMessage[]) => list.map((m) => m.id);

test('a send follows the last message; its own messages, once the server lists them, show once', () => {
  expect(ids(messagesBeforeTurn(saved, turn({})))).toEqual(['u1', 'a1', 'u2', 'a2']);
  const listed = [...saved, message('u3', 'user', 'x'), message('a3', 'assistant', '')];
  expect(ids(messagesBeforeTurn(listed, turn({ userMessageId: 'u3', assistantMessageId: 'a3' })))).toEqual([
    'u1',
    'a1',
    'u2',
    'a2',
  ]);
});

test('an edit hides what followed its parent; editing the first message hides everything', () => {
  expect(ids(messagesBeforeTurn(saved, turn({ branchFrom: 'a1' })))).toEqual(['u1', 'a1']);
  expect(ids(messagesBeforeTurn(saved, turn({ branchFrom: null })))).toEqual([]);
});

test('a regenerate keeps its question and hides the old version and what followed it', () => {
  const regenerating = turn({
    kind: 'regenerate',
    branchFrom: 'u1',
    replacing: 'a1',
    userMessage: saved[0],
    userMessageId: 'u1',
    assistantMessageId: 'a9',
  });
  expect(ids(messagesBeforeTurn(saved, regenerating))).toEqual(['u1']);
});
