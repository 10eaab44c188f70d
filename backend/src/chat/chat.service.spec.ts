import type { AppConfig } from '../config';
import type { FilesService } from '../files';
import type { PreparedReservation, Reservation, UsageService } from '../usage';
import type { User } from '../users';
import type { ChatAttachmentsService } from './attachments/chat-attachments.service';
import { SEND_KEY_REUSED, SERVER_RESTARTING } from './chat.errors';
import { ChatService } from './chat.service';
import type { AppendedMessagesRepository } from './conversations/appended-messages.repository';
import type { ConversationsRepository } from './conversations/conversations.repository';
import type { ChatGenerationService } from './generation/chat-generation.service';
import type { GenerationTask } from './generation/generation-task';
import type { ReplyRepository } from './generation/reply.repository';
import type { ReplyTakeoverService } from './reply-stream/reply-takeover.service';
import type { SendKey } from './send-keys/send-key.rows';
import type { SendKeysRepository } from './send-keys/send-keys.repository';
import { ReplyStarter } from './turns/reply-starter';
import type { TurnOutcome, TurnRepository } from './turns/turn.repository';
import type { ChatFeedbackService } from './feedback/chat-feedback.service';
import type { ChatModelsService } from './models/chat-models.service';
import type { ChatPromptContextRegistry } from './prompt/prompt-context.registry';

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';
const user = { id: 'u1' } as User;
const ids = { conversationId: 'c1', userMessageId: 'm1', assistantMessageId: 'm2' };
const usageLimit = new Error('the usage-limit 429');

/** ChatService.send with its storage and quota replaced: the outcomes the turn statement answers, in order. */
function harness(
  outcomes: TurnOutcome[],
  sendKeys: Array<SendKey | null> = [],
  userContext: string | null = null,
) {
  const prepared = { amount: 1 } as PreparedReservation;
  const reservation = { refund: jest.fn(async () => undefined) } as unknown as Reservation;
  const reply = {} as GenerationTask;
  const usage = {
    prepare: jest.fn(async () => prepared),
    settle: jest.fn(async (_prepared: PreparedReservation, reserved: unknown) => {
      if (reserved === null) throw usageLimit;
      return reservation;
    }),
  };
  const turns = { reserveAndStartTurn: jest.fn(async () => outcomes.shift()!) };
  const keys = { findSendKey: jest.fn(async () => (sendKeys.length ? sendKeys.shift()! : null)) };
  const generation = { isClosing: false, start: jest.fn(() => reply) };
  const attachments = { resolve: jest.fn(async () => []) };
  // One model configured: the conversation's model is never read.
  const models = { hasChoice: false, choose: jest.fn(async () => ({ id: 'fake-model', name: 'Fake' })) };
  const config = { ai: { chatHistoryTokenBudget: 1000 }, assistantName: 'Kasa', appName: 'Kasa' };
  const promptContext = { contextFor: jest.fn(async () => userContext) };
  const service = new ChatService(
    config as unknown as AppConfig,
    {} as ConversationsRepository,
    {} as AppendedMessagesRepository,
    turns as unknown as TurnRepository,
    // The real starter over the same stand-ins: what a send does once its turn is stored or refused.
    new ReplyStarter(
      config as unknown as AppConfig,
      generation as unknown as ChatGenerationService,
      usage as unknown as UsageService,
      keys as unknown as SendKeysRepository,
      attachments as unknown as ChatAttachmentsService,
    ),
    {} as ReplyRepository,
    generation as unknown as ChatGenerationService,
    usage as unknown as UsageService,
    {} as FilesService,
    attachments as unknown as ChatAttachmentsService,
    {} as ReplyTakeoverService,
    models as unknown as ChatModelsService,
    {} as ChatFeedbackService,
    promptContext as unknown as ChatPromptContextRegistry,
  );
  return { service, usage, turns, keys, generation, prepared, reservation, reply, promptContext };
}

const started: TurnOutcome = {
  kind: 'started',
  turn: { ...ids, history: [] },
  reserved: { used: 3, plan: 'BASIC_PLAN' },
};
const committedKey = (requestHash: string): SendKey => ({ requestHash, sent: ids, createdAt: new Date() });

describe('ChatService.send', () => {
  it("puts the user's context block (their farm) in the reply's system prompt", async () => {
    const farm = "About the user's farm:\n- Crops: maize";
    const { service, generation, promptContext } = harness([started], [], farm);
    await service.send(user, { message: 'When do I plant?' });
    expect(promptContext.contextFor).toHaveBeenCalledWith('u1');
    const [spec] = generation.start.mock.calls[0] as unknown as [{ messages: Array<{ content: string }> }];
    expect(spec.messages[0].content).toContain(farm);
    expect(spec.messages.at(-1)!.content).toBe('When do I plant?');
  });

  it('prepares the reservation, starts the turn with it in one call, settles what it took and starts the reply', async () => {
    const { service, usage, turns, generation, prepared, reply } = harness([started]);
    await expect(service.send(user, { message: 'Hello' })).resolves.toEqual({ ...ids, reply });
    expect(usage.prepare).toHaveBeenCalledWith('u1', 'messagesPerMonth');
    expect(turns.reserveAndStartTurn).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: 'u1',
        message: 'Hello',
        reservation: prepared,
        sendKey: undefined,
        parent: { kind: 'shown' },
        model: 'fake-model',
        conversationModel: null,
      }),
    );
    expect(usage.settle).toHaveBeenCalledWith(prepared, { used: 3, plan: 'BASIC_PLAN' });
    expect(generation.start).toHaveBeenCalledWith(
      expect.objectContaining({ assistantMessageId: 'm2', model: 'fake-model' }),
    );
  });

  it('refunds the message when the reply cannot start', async () => {
    const { service, generation, reservation } = harness([started]);
    generation.start.mockImplementation(() => {
      throw new Error('closing');
    });
    await expect(service.send(user, { message: 'Hello' })).rejects.toThrow('closing');
    expect(reservation.refund).toHaveBeenCalledTimes(1);
  });

  it('a refused quota is the usage-limit 429 of the plan that refused it', async () => {
    const { service, usage, prepared } = harness([{ kind: 'refused', plan: 'PRO_PLAN' }]);
    await expect(service.send(user, { message: 'Hello' })).rejects.toBe(usageLimit);
    expect(usage.settle).toHaveBeenCalledWith(prepared, null, 'PRO_PLAN');
  });

  it('a conversation that is not the user’s is a 404 and settles nothing', async () => {
    const { service, usage } = harness([{ kind: 'not-found' }]);
    await expect(
      service.send(user, { message: 'Hi', conversationId: ids.conversationId }),
    ).rejects.toMatchObject({
      response: { code: 'CHAT_CONVERSATION_NOT_FOUND' },
    });
    expect(usage.settle).not.toHaveBeenCalled();
  });

  describe('with an idempotency key', () => {
    async function hashOf(message: string): Promise<string> {
      const { service, turns } = harness([started]);
      await service.send(user, { message }, KEY);
      return (turns.reserveAndStartTurn.mock.calls[0] as unknown as [{ sendKey: { requestHash: string } }])[0]
        .sendKey.requestHash;
    }

    it('a duplicate answers the first send’s ids and starts nothing', async () => {
      const hash = await hashOf('Hello');
      const { service, usage, generation } = harness([{ kind: 'duplicate' }], [committedKey(hash)]);
      await expect(service.send(user, { message: 'Hello' }, KEY)).resolves.toEqual({ ...ids, reply: null });
      expect(usage.settle).not.toHaveBeenCalled();
      expect(generation.start).not.toHaveBeenCalled();
    });

    it('a duplicate refused on the quota by its own first send answers that send, not a 429', async () => {
      const hash = await hashOf('Hello');
      const { service, usage } = harness([{ kind: 'refused', plan: 'BASIC_PLAN' }], [committedKey(hash)]);
      await expect(service.send(user, { message: 'Hello' }, KEY)).resolves.toEqual({ ...ids, reply: null });
      expect(usage.settle).not.toHaveBeenCalled();
    });

    it('the key with another message is a 409', async () => {
      const { service } = harness([{ kind: 'duplicate' }], [committedKey('another body')]);
      await expect(service.send(user, { message: 'Hello' }, KEY)).rejects.toMatchObject({
        response: { code: 'CHAT_IDEMPOTENCY_KEY_REUSED', message: SEND_KEY_REUSED },
      });
    });

    it('a key whose send went with its deleted conversation: the message is sent again', async () => {
      const { service, turns, reply } = harness([{ kind: 'duplicate' }, started], [null]);
      await expect(service.send(user, { message: 'Hello' }, KEY)).resolves.toEqual({ ...ids, reply });
      expect(turns.reserveAndStartTurn).toHaveBeenCalledTimes(2);
    });

    it('a key stored without ids is a 503 to send again later, never a wait', async () => {
      const hash = await hashOf('Hello');
      const { service, turns } = harness(
        [{ kind: 'duplicate' }],
        [{ requestHash: hash, sent: null, createdAt: new Date() }],
      );
      await expect(service.send(user, { message: 'Hello' }, KEY)).rejects.toMatchObject({
        response: { code: 'CHAT_SERVER_RESTARTING', message: SERVER_RESTARTING },
      });
      expect(turns.reserveAndStartTurn).toHaveBeenCalledTimes(1);
    });
  });

  it('a closing server is a 503 before anything is prepared', async () => {
    const { service, usage, generation } = harness([started]);
    generation.isClosing = true;
    await expect(service.send(user, { message: 'Hello' })).rejects.toMatchObject({
      response: { code: 'CHAT_SERVER_RESTARTING' },
    });
    expect(usage.prepare).not.toHaveBeenCalled();
  });
});
