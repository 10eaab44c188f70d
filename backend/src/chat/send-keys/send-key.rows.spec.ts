import { toSendKey } from './send-key.rows';

const at = new Date('2031-03-10T08:00:00.000Z');

describe('toSendKey', () => {
  it('a committed key: its hash and the ids its send created', () => {
    expect(
      toSendKey({
        request_hash: 'h'.repeat(64),
        conversation_id: 'c1',
        user_message_id: 'u1',
        assistant_message_id: 'a1',
        created_at: at,
      }),
    ).toEqual({
      requestHash: 'h'.repeat(64),
      sent: { conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' },
      createdAt: at,
    });
  });

  it('a key without all three ids has nothing to answer with', () => {
    const row = {
      request_hash: 'h',
      conversation_id: 'c1',
      user_message_id: 'u1',
      assistant_message_id: null,
      created_at: at,
    };
    expect(toSendKey(row).sent).toBeNull();
    expect(toSendKey({ ...row, conversation_id: null, user_message_id: null }).sent).toBeNull();
  });
});
