import type { ChatGenerationService } from '../generation/chat-generation.service';
import type { AbandonedReply } from '../generation/reply.rows';
import type { ReplyRepository } from '../generation/reply.repository';
import type { UsageService } from '../../usage';
import type { ReplyBus } from './reply-bus.port';
import { ReplyTakeoverService, replyFromBus } from './reply-takeover.service';

describe('replyFromBus', () => {
  it('adds what the bus published after the saved text, without repeating the overlap', () => {
    const records = [
      { endOffset: 6, text: 'Hello ' },
      { endOffset: 12, text: 'world,' },
      { endOffset: 19, text: ' again.' },
    ];
    expect(replyFromBus('Hello wo', records)).toEqual({ content: 'Hello world, again.', final: null });
  });

  it('keeps the saved text when it is ahead of the bus', () => {
    expect(replyFromBus('Hello world', [{ endOffset: 6, text: 'Hello ' }])).toEqual({
      content: 'Hello world',
      final: null,
    });
  });

  it('stops at a gap nothing fills (records the bus lost)', () => {
    const records = [
      { endOffset: 6, text: 'Hello ' },
      { endOffset: 20, text: 'lost before' },
    ];
    expect(replyFromBus('', records).content).toBe('Hello ');
  });

  it('answers the final event the writer published', () => {
    const final = { done: true, conversationId: 'c' };
    expect(
      replyFromBus('', [
        { endOffset: 3, text: 'Hi.' },
        { endOffset: 3, final },
      ]),
    ).toEqual({
      content: 'Hi.',
      final,
    });
  });
});

describe('ReplyTakeoverService.sweep', () => {
  const row = (seen: string, leased = true): AbandonedReply => ({
    id: 'r1',
    userId: 'u1',
    conversationId: 'c1',
    content: 'saved',
    createdAt: new Date(),
    leased,
    seen,
  });

  function service(answers: AbandonedReply[][]) {
    const takeOverReply = jest.fn(async () => true);
    const publish = jest.fn(async () => undefined);
    const refundAt = jest.fn(async () => undefined);
    const repository = {
      findAbandonedReplies: jest.fn(async () => answers.shift() ?? []),
      takeOverReply,
    } as unknown as ReplyRepository;
    const bus = { read: async () => [{ endOffset: 9, text: 'saved mor' }], publish } as unknown as ReplyBus;
    const generation = { heldReplyIds: () => [] } as unknown as ChatGenerationService;
    const usage = { refundAt } as unknown as UsageService;
    return {
      takeover: new ReplyTakeoverService(bus, repository, generation, usage),
      takeOverReply,
      publish,
      refundAt,
    };
  }

  it('ends a reply only when two looks in a row saw the same lapsed lease', async () => {
    const { takeover, takeOverReply, publish, refundAt } = service([[row('a')], [row('a')]]);
    expect(await takeover.sweep()).toBe(0);
    expect(takeOverReply).not.toHaveBeenCalled();
    expect(await takeover.sweep()).toBe(1);
    expect(takeOverReply).toHaveBeenCalledWith('r1', 'a', {
      status: 'failed',
      content: 'saved mor',
      error: expect.objectContaining({ code: 'CHAT_REPLY_INTERRUPTED' }),
    });
    expect(refundAt).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith([
      {
        replyId: 'r1',
        records: [
          {
            endOffset: 9,
            final: expect.objectContaining({ code: 'CHAT_REPLY_INTERRUPTED', conversationId: 'c1' }),
          },
        ],
      },
    ]);
  });

  it('leaves a reply whose writer renewed between the looks (back from a database outage)', async () => {
    const { takeover, takeOverReply } = service([[row('a')], [row('b')], []]);
    await takeover.sweep();
    await takeover.sweep();
    await takeover.sweep();
    expect(takeOverReply).not.toHaveBeenCalled();
  });

  it('ends a reply from before leases (untouched for minutes) at the first look', async () => {
    const { takeover, takeOverReply } = service([[row('x', false)]]);
    expect(await takeover.sweep()).toBe(1);
    expect(takeOverReply).toHaveBeenCalledTimes(1);
  });
});
