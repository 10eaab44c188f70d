import { toAbandonedReply, toStopSignal, toStreamingReply } from './reply.rows';

const at = new Date('2031-03-10T08:00:00.000Z');
const row = {
  id: 'r1',
  user_id: 'u1',
  conversation_id: 'c1',
  content: 'Plant after',
  created_at: at,
  leased: true,
  seen: '1962345600000000:1962345601000000',
};

describe('reply row mappers', () => {
  it('toStopSignal', () => {
    expect(toStopSignal({ id: 'r1', stop_requested: true })).toEqual({ id: 'r1', stopRequested: true });
    expect(toStopSignal({ id: 'r2', stop_requested: false })).toEqual({ id: 'r2', stopRequested: false });
  });

  it('toAbandonedReply keeps what a takeover needs, `seen` as read', () => {
    expect(toAbandonedReply({ ...row, leased: false })).toEqual({
      id: 'r1',
      userId: 'u1',
      conversationId: 'c1',
      content: 'Plant after',
      createdAt: at,
      leased: false,
      seen: '1962345600000000:1962345601000000',
    });
  });

  it('toStreamingReply: abandoned only when the lease lapsed; null (recent save, no lease) is held', () => {
    expect(toStreamingReply({ ...row, abandoned: true })).toEqual({
      id: 'r1',
      abandoned: toAbandonedReply(row),
    });
    expect(toStreamingReply({ ...row, abandoned: false })).toEqual({ id: 'r1', abandoned: null });
    expect(toStreamingReply({ ...row, leased: false, abandoned: null })).toEqual({
      id: 'r1',
      abandoned: null,
    });
  });
});
