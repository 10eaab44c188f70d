import type { ChatStreamEvent } from '@kasa/contracts';
import type { Reservation } from '../../usage';
import { GenerationTask } from './generation-task';

function task(): GenerationTask {
  return new GenerationTask({
    userId: 'u',
    conversationId: 'c',
    userMessageId: 'm1',
    assistantMessageId: 'm2',
    model: 'kasa-tiny',
    messages: [],
    reservation: {} as Reservation,
  });
}

describe('GenerationTask while the model answers others first', () => {
  it('tells readers how many replies come before it, and a late reader learns it on subscribing', () => {
    const reply = task();
    const early: ChatStreamEvent[] = [];
    reply.subscribe((event) => early.push(event));
    reply.wait(2);
    reply.wait(2);
    reply.wait(1);
    expect(early).toEqual([{ repliesAhead: 2 }, { repliesAhead: 1 }]);

    const late: ChatStreamEvent[] = [];
    reply.subscribe((event) => late.push(event));
    expect(late).toEqual([{ repliesAhead: 1 }]);
  });

  it('forgets the wait once the first words are written, and a wait after them is ignored', () => {
    const reply = task();
    reply.wait(1);
    reply.append('Plant');
    reply.wait(3);
    const late: ChatStreamEvent[] = [];
    reply.subscribe((event) => late.push(event));
    expect(late).toEqual([{ content: 'Plant' }]);
    expect(reply.repliesAhead).toBeNull();
  });

  it('a finished reply no longer says it waits', () => {
    const reply = task();
    reply.wait(1);
    reply.finish({ done: true, stopped: true, conversationId: 'c' });
    const late: ChatStreamEvent[] = [];
    reply.subscribe((event) => late.push(event));
    expect(late).toEqual([{ done: true, stopped: true, conversationId: 'c' }]);
  });
});
