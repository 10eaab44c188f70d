import { Logger } from '@nestjs/common';
import type { ChatModel, ChatModelRequest } from '../../ai/chat-model.port';
import { ChatModelError } from '../../ai/chat-model.port';
import type { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeQuery } from '../../ai/knowledge/knowledge-source';
import { ApiException } from '../../common';
import { ChatFollowUpsService, FOLLOW_UPS_TIMEOUT_MS } from './chat-follow-ups.service';
import type { FollowUpTarget } from './follow-ups.rows';
import type { FollowUpsRepository } from './follow-ups.repository';
import type { ChatModelsService } from '../models/chat-models.service';

const reply: FollowUpTarget = {
  id: 'a1',
  role: 'assistant',
  status: 'complete',
  content: 'Plant maize when the rains start.',
  model: 'big-model',
  followUps: null,
  conversationTitle: 'Maize',
  question: { id: 'u1', content: 'When do I plant maize?' },
};

/** The repository as the service sees it: one stored row per message id. */
class MemoryFollowUps {
  rows = new Map<string, FollowUpTarget>();
  stores = 0;
  async findTarget(_userId: string, id: string) {
    return this.rows.get(id) ?? null;
  }
  async store(id: string, made: string[]) {
    this.stores += 1;
    const row = this.rows.get(id);
    if (!row) return made;
    if (row.followUps === null) row.followUps = made;
    return row.followUps;
  }
}

function fakeModel(
  engine: ChatModel['engine'],
  answer: (request: ChatModelRequest) => AsyncIterable<string>,
) {
  const requests: ChatModelRequest[] = [];
  const model: ChatModel = {
    engine,
    model: 'default-model',
    stream: (request) => {
      requests.push(request);
      return answer(request);
    },
  };
  return { model, requests };
}

async function* chunks(...parts: string[]) {
  for (const part of parts) {
    await Promise.resolve();
    yield part;
  }
}

function setup(model: ChatModel, hits: KnowledgeHit[] = []) {
  const repository = new MemoryFollowUps();
  repository.rows.set(reply.id, { ...reply });
  const queries: KnowledgeQuery[] = [];
  const knowledge = {
    search: async (query: KnowledgeQuery) => {
      queries.push(query);
      return hits;
    },
  } as unknown as KnowledgeSearchService;
  const configured = new Set(['default-model', 'big-model']);
  const models = {
    displayName: (id: string | null | undefined) => (id && configured.has(id) ? id.toUpperCase() : null),
  } as unknown as ChatModelsService;
  const service = new ChatFollowUpsService(
    repository as unknown as FollowUpsRepository,
    model,
    knowledge,
    models,
  );
  return { service, repository, queries };
}

describe('ChatFollowUpsService', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    jest.useRealTimers();
  });

  it("asks the reply's model once, parses and keeps the answer", async () => {
    const { model, requests } = fakeModel('openai-compatible', () =>
      chunks('1. How deep do I plant?\n', '2. Which variety?\n3. How much rain?'),
    );
    const { service, repository } = setup(model);
    await expect(service.followUpsFor('me', 'a1')).resolves.toEqual([
      'How deep do I plant?',
      'Which variety?',
      'How much rain?',
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ userId: 'me', model: 'big-model' });
    expect(requests[0].messages[0].role).toBe('system');
    expect(requests[0].messages[1].content).toContain('When do I plant maize?');
    expect(requests[0].messages[1].content).toContain('Plant maize when the rains start.');
    expect(repository.rows.get('a1')!.followUps).toHaveLength(3);
    // Kept: asked again, the model is not.
    await service.followUpsFor('me', 'a1');
    expect(requests).toHaveLength(1);
  });

  it('makes one request for simultaneous calls, and stores once', async () => {
    const { model, requests } = fakeModel('openai-compatible', () => chunks('Why?'));
    const { service, repository } = setup(model);
    const answers = await Promise.all([1, 2, 3].map(() => service.followUpsFor('me', 'a1')));
    expect(answers).toEqual([['Why?'], ['Why?'], ['Why?']]);
    expect(requests).toHaveLength(1);
    expect(repository.stores).toBe(1);
  });

  it("uses the engine's default model for a reply without one, or whose model is no longer configured", async () => {
    const { model, requests } = fakeModel('openai-compatible', () => chunks('Why?'));
    const { service, repository } = setup(model);
    repository.rows.get('a1')!.model = null;
    await service.followUpsFor('me', 'a1');
    expect(requests[0]).not.toHaveProperty('model');
    repository.rows.set('a2', { ...reply, id: 'a2', model: 'removed-model' });
    await service.followUpsFor('me', 'a2');
    expect(requests[1]).not.toHaveProperty('model');
  });

  it('answers [] without keeping it when the model fails, and tries again next time', async () => {
    let fail = true;
    const { model, requests } = fakeModel('openai-compatible', () => {
      if (fail)
        return {
          [Symbol.asyncIterator]: () => ({
            next: () =>
              Promise.reject(
                new ChatModelError({ code: 'CHAT_REPLY_FAILED', message: 'down' }, 'unavailable', 503),
              ),
          }),
        };
      return chunks('How about cassava?');
    });
    const { service, repository } = setup(model);
    await expect(service.followUpsFor('me', 'a1')).resolves.toEqual([]);
    expect(repository.rows.get('a1')!.followUps).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/a1.*unavailable/));
    fail = false;
    await expect(service.followUpsFor('me', 'a1')).resolves.toEqual(['How about cassava?']);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the timeout: [] not kept, the request aborted', async () => {
    jest.useFakeTimers();
    const { model, requests } = fakeModel('openai-compatible', (request) =>
      (async function* () {
        yield 'How';
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
      })(),
    );
    const { service, repository } = setup(model);
    const answer = service.followUpsFor('me', 'a1');
    await jest.advanceTimersByTimeAsync(FOLLOW_UPS_TIMEOUT_MS);
    await expect(answer).resolves.toEqual([]);
    expect(requests[0].signal.aborted).toBe(true);
    expect(repository.rows.get('a1')!.followUps).toBeNull();
  });

  it('offline: suggests the sources the reply did not quote, in the question language', async () => {
    const { model, requests } = fakeModel('offline', () => chunks('never asked'));
    const hit = (title: string): KnowledgeHit => ({
      source: 'legal',
      title,
      excerpt: '',
      rank: 1,
      matchedTerms: [0],
    });
    const { service, repository, queries } = setup(model, [hit('Pricing'), hit('Refunds')]);
    const row = repository.rows.get('a1')!;
    row.content = '**Pricing**\n> Pro costs…';
    row.question = { id: 'u1', content: 'Combien coûte le forfait Pro ?' };
    await expect(service.followUpsFor('me', 'a1')).resolves.toEqual(['Parlez-moi de Refunds']);
    expect(queries[0]).toMatchObject({
      text: 'Combien coûte le forfait Pro ?',
      userId: 'me',
      excludeIds: ['a1', 'u1'],
    });
    expect(requests).toHaveLength(0);
  });

  it('answers [] for an unfinished reply without keeping it, and keeps [] for an empty one', async () => {
    const { model, requests } = fakeModel('openai-compatible', () => chunks('Why?'));
    const { service, repository } = setup(model);
    const row = repository.rows.get('a1')!;
    for (const status of ['streaming', 'stopped', 'failed'] as const) {
      row.status = status;
      await expect(service.followUpsFor('me', 'a1')).resolves.toEqual([]);
    }
    expect(repository.stores).toBe(0);
    row.status = 'complete';
    row.content = '  ';
    await expect(service.followUpsFor('me', 'a1')).resolves.toEqual([]);
    expect(row.followUps).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('404 for an unknown message, 400 CHAT_MESSAGE_NOT_REPLY for a user message', async () => {
    const { model } = fakeModel('openai-compatible', () => chunks('Why?'));
    const { service, repository } = setup(model);
    repository.rows.set('u1', { ...reply, id: 'u1', role: 'user' });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: ApiException) => [error.getStatus(), (error.getResponse() as { code: string }).code],
      );
    await expect(codeOf(service.followUpsFor('me', 'nope'))).resolves.toEqual([
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    ]);
    await expect(codeOf(service.followUpsFor('me', 'u1'))).resolves.toEqual([400, 'CHAT_MESSAGE_NOT_REPLY']);
  });
});
