import {
  type StoredTurnRow,
  toHistoryMessage,
  toRegenerationResult,
  toTurnResult,
  type UnstoredTurnRow,
} from './turn.rows';

const at = new Date('2031-03-10T08:00:00.000Z');

function stored(role: 'user' | 'assistant', id: string, pro = false): StoredTurnRow {
  return {
    id,
    role,
    created_at: role === 'user' ? at : new Date(at.getTime() + 1),
    conversation_id: 'c-from-rows',
    used: 7,
    pro,
    duplicate: false,
    plan_pro: pro,
  };
}

function unstored(duplicate: boolean, planPro: boolean | null): UnstoredTurnRow {
  return {
    id: null,
    role: null,
    created_at: null,
    conversation_id: null,
    used: null,
    pro: null,
    duplicate,
    plan_pro: planPro,
  };
}

describe('toTurnResult', () => {
  it('a stored turn: both ids whatever the rows order, the user message time and the quota taken', () => {
    expect(toTurnResult([stored('assistant', 'a1'), stored('user', 'u1')])).toEqual({
      kind: 'stored',
      ids: { conversationId: 'c-from-rows', userMessageId: 'u1', assistantMessageId: 'a1' },
      userCreatedAt: at,
      reserved: { used: 7, plan: 'BASIC_PLAN' },
    });
  });

  it('answers a continued conversation under the id the caller named, on the Pro plan', () => {
    const result = toTurnResult([stored('user', 'u1', true), stored('assistant', 'a1', true)], 'C-AS-SENT');
    expect(result).toMatchObject({
      kind: 'stored',
      ids: { conversationId: 'C-AS-SENT' },
      reserved: { used: 7, plan: 'PRO_PLAN' },
    });
  });

  it('nothing stored because the key was used: a duplicate', () => {
    expect(toTurnResult([unstored(true, null)])).toEqual({ kind: 'duplicate' });
  });

  it('nothing stored because the limit refused it: the refusing plan', () => {
    expect(toTurnResult([unstored(false, true)])).toEqual({ kind: 'refused', plan: 'PRO_PLAN' });
    expect(toTurnResult([unstored(false, false)])).toEqual({ kind: 'refused', plan: 'BASIC_PLAN' });
    expect(toTurnResult([])).toEqual({ kind: 'refused', plan: 'BASIC_PLAN' });
  });

  it('throws when a stored turn lacks one of its two messages', () => {
    expect(() => toTurnResult([stored('user', 'u1')])).toThrow(/two messages/);
  });
});

describe('toHistoryMessage', () => {
  it('carries the attachment names only when the message had attachments', () => {
    expect(
      toHistoryMessage({
        role: 'user',
        content: 'See this',
        status: 'complete',
        attachment_names: ['a.pdf'],
      }),
    ).toEqual({ role: 'user', content: 'See this', status: 'complete', attachmentNames: ['a.pdf'] });
    const plain = toHistoryMessage({
      role: 'assistant',
      content: 'Hi',
      status: 'stopped',
      attachment_names: null,
    });
    expect(plain).toEqual({ role: 'assistant', content: 'Hi', status: 'stopped' });
    expect(plain).not.toHaveProperty('attachmentNames');
  });
});

describe('toRegenerationResult', () => {
  it('a stored version: its id and the quota taken', () => {
    expect(
      toRegenerationResult([
        { id: 'a2', created_at: at, used: 4, pro: true, duplicate: false, plan_pro: true },
      ]),
    ).toEqual({ kind: 'stored', replyId: 'a2', reserved: { used: 4, plan: 'PRO_PLAN' } });
  });

  it('nothing stored: a duplicate key, else the plan whose limit refused it', () => {
    const none = { id: null, created_at: null, used: null, pro: null };
    expect(toRegenerationResult([{ ...none, duplicate: true, plan_pro: null }])).toEqual({
      kind: 'duplicate',
    });
    expect(toRegenerationResult([{ ...none, duplicate: false, plan_pro: false }])).toEqual({
      kind: 'refused',
      plan: 'BASIC_PLAN',
    });
  });
});
