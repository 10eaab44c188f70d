import { createHash } from 'node:crypto';
import { CHAT_ROOT_PARENT_ID } from '@kasa/contracts';
import { regenerateHash, sendHash, turnParent } from './request-hash';

const PARENT = '6F9619FF-8B86-D011-B42D-00CF4FC964FF';

describe('turnParent', () => {
  it('unset: after the shown message; null or the nil UUID: the root; else that message (lower case)', () => {
    expect(turnParent({})).toEqual({ kind: 'shown' });
    expect(turnParent({ parentMessageId: null })).toEqual({ kind: 'root' });
    expect(turnParent({ parentMessageId: CHAT_ROOT_PARENT_ID })).toEqual({ kind: 'root' });
    expect(turnParent({ parentMessageId: PARENT })).toEqual({ kind: 'message', id: PARENT.toLowerCase() });
  });
});

describe('sendHash', () => {
  const plain = { message: 'When do I plant maize?', conversationId: 'c1' };

  it('a plain send hashes as before parents and models existed (stored keys still match)', () => {
    const before = createHash('sha256')
      .update(JSON.stringify(['c1', 'When do I plant maize?', null, []]))
      .digest('hex');
    expect(sendHash(plain)).toBe(before);
  });

  it('the parent and the model tell sends apart; the two spellings of the root do not', () => {
    const hashes = new Set([
      sendHash(plain),
      sendHash({ ...plain, parentMessageId: PARENT }),
      sendHash({ ...plain, parentMessageId: null }),
      sendHash({ ...plain, model: 'large' }),
    ]);
    expect(hashes.size).toBe(4);
    expect(sendHash({ ...plain, parentMessageId: CHAT_ROOT_PARENT_ID })).toBe(
      sendHash({ ...plain, parentMessageId: null }),
    );
    expect(sendHash({ ...plain, parentMessageId: PARENT })).toBe(
      sendHash({ ...plain, parentMessageId: PARENT.toLowerCase() }),
    );
  });

  it("a spoken send's recording is part of its hash: the same text from another recording differs", () => {
    const spoken = sendHash(plain, 'a1b2c3d4-0000-4000-8000-000000000001');
    expect(spoken).not.toBe(sendHash(plain));
    expect(spoken).not.toBe(sendHash(plain, 'a1b2c3d4-0000-4000-8000-000000000002'));
    expect(sendHash(plain, 'A1B2C3D4-0000-4000-8000-000000000001')).toBe(spoken);
  });
});

describe('regenerateHash', () => {
  it('depends on the reply, the model and the system prompt, never equal to a send', () => {
    const reply = regenerateHash('a1', {});
    expect(regenerateHash('A1', {})).toBe(reply);
    expect(new Set([reply, regenerateHash('a2', {}), regenerateHash('a1', { model: 'large' })]).size).toBe(3);
    expect(regenerateHash('a1', { systemPrompt: 'Be brief.' })).not.toBe(reply);
  });
});
