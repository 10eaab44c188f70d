import { CHAT_MODEL, type ChatModel, type ChatModelRequest } from '../src/ai/chat-model.port';
import { DataSource } from 'typeorm';
import { KnowledgeSearchService } from '../src/ai/knowledge/knowledge-search.service';
import { ENGLISH_STOP_WORDS } from '../src/ai/language/stop-words';
import { startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The offline advisor in the real application on a fresh database: nothing configured, so
 * CHAT_MODEL is the advisor, answering from the knowledge sources (the seeded legal pages) with
 * PostgreSQL full-text search.
 */

function ask(
  question: string,
  signal: AbortSignal = new AbortController().signal,
  userId = 'user-a',
): ChatModelRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Kasa, an agricultural advisor.' },
      { role: 'user', content: 'An earlier question about maize.' },
      { role: 'assistant', content: 'An earlier answer.' },
      { role: 'user', content: question },
    ],
    userId,
    signal,
  };
}

/** What an operator sets: never part of a reply (the chat's notice says it, to administrators). */
const SET_UP_TEXT = /No AI model|Aucun modèle|OPENAI_BASE_URL|OPENAI_API_KEY|CHAT_MODEL|README|administrat/;

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('offline advisor (no AI model configured)', () => {
  let ctx: TestApp;
  let model: ChatModel;
  let knowledge: KnowledgeSearchService;

  beforeAll(async () => {
    ctx = await createTestApp('ai_offline');
    model = ctx.app.get<ChatModel>(CHAT_MODEL);
    knowledge = ctx.app.get(KnowledgeSearchService);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is the engine when nothing is configured', () => {
    expect(ctx.config.ai.chatEngine).toBe('offline');
    expect(model.engine).toBe('offline');
    expect(model.model).toBe('offline-advisor');
    expect(knowledge.sourceNames).toContain('legal');
  });

  it('answers "How much does Pro cost?" with the pricing page only, no set-up text, streamed in pieces', async () => {
    const chunks = await collect(model.stream(ask('How much does Pro cost?')));
    const answer = chunks.join('');
    expect(chunks.length).toBeGreaterThan(10);
    expect(answer.startsWith('Here is what I found about your question:')).toBe(true);
    expect(answer).not.toMatch(SET_UP_TEXT);
    expect(answer).toContain('](/legal/pricing)');
    expect(answer).toMatch(/\[Pricing — [^\]]+\]\(\/legal\/pricing\)/);
    expect(answer).toMatch(/USD 4 per month/);
    // Excerpts are plain text: no markdown marks from the stored page, placeholders filled.
    expect(answer).not.toContain('{{APP_NAME}}');
    const quoted = answer
      .split('\n')
      .filter((line) => line.startsWith('> '))
      .join('\n');
    expect(quoted).not.toMatch(/\*\*|^> #/m);
  });

  it('does not quote the Cookie Policy to a question about cassava disease: it says it found nothing relevant', async () => {
    const question = 'My cassava leaves are turning yellow with mosaic patterns. What should I do?';
    const answer = (await collect(model.stream(ask(question)))).join('');
    expect(answer).not.toContain('Cookie Policy');
    expect(answer).not.toContain('](/legal/');
    expect(answer).not.toContain('Here is what I found');
    expect(
      answer.startsWith(
        'I found nothing relevant to your question in my sources, so I will not guess an answer.',
      ),
    ).toBe(true);
    // The registered sources, by their descriptions, and how to get a real answer.
    expect(answer).toContain('I searched:\n\n- ');
    expect(answer).toContain(
      "\n- Kasa's legal pages and pricing (terms of use, privacy, cookies, fair use, plans and prices)",
    );
    expect(answer).toContain('\n- your earlier conversations');
    expect(answer).toContain('This question was not counted in your monthly messages.');
    expect(answer).not.toMatch(SET_UP_TEXT);
  });

  it.each([
    ['How do you use cookies?', '/legal/cookies', /^Cookie Policy — /],
    ['Can I pay with Orange Money?', '/legal/pricing', /^Pricing — How to pay$/],
    ['Can I get a refund?', '/legal/terms', /^Terms of Use — Plans and payments$/],
    // A French question is answered from the French pages (their titles, their text).
    ['Comment supprimer mon compte ?', '/legal/privacy', /^Politique de confidentialité — /],
    ['Puis-je payer avec Orange Money ?', '/legal/pricing', /^Tarifs — Comment payer$/],
  ])('still finds the pages a question really is about: %s', async (text, url, title) => {
    const hits = await knowledge.search({ text, userId: 'user-a', limit: 3 });
    expect(hits[0]).toEqual(expect.objectContaining({ url, title: expect.stringMatching(title) }));
  });

  it.each([
    'How does Kasa help with cassava disease?',
    'cassava price in Douala market',
    'When should I plant maize?',
    'Comment soigner la mosaïque du manioc ?',
    'What should I do?',
  ])('finds nothing in the pages for a question they do not answer: %s', async (text) => {
    await expect(knowledge.search({ text, userId: 'user-a', limit: 3 })).resolves.toEqual([]);
  });

  it('answers a French question in French', async () => {
    const answer = (await collect(model.stream(ask("Combien coûte l'abonnement Pro ?")))).join('');
    expect(answer.startsWith("Voici ce que j'ai trouvé sur votre question :")).toBe(true);
    expect(answer).not.toMatch(SET_UP_TEXT);
    expect(answer).toContain('](/legal/pricing)');
    expect(answer).not.toContain('Here is what I found');
    // It quotes the French pages, not the English ones.
    expect(answer).toMatch(/\[Tarifs — [^\]]+\]\(\/legal\/pricing\)/);
    expect(answer).toMatch(/4 USD par mois|2 500 XAF/);
    expect(answer).not.toMatch(/Pricing —|per month/);
  });

  it('says so in French to a French question, naming its sources in French', async () => {
    const answer = (await collect(model.stream(ask('Où est le xylophone du quokka ?')))).join('');
    expect(answer.startsWith("Je n'ai rien trouvé de pertinent pour votre question dans mes sources")).toBe(
      true,
    );
    expect(answer).toContain("J'ai cherché dans :\n\n- ");
    expect(answer).toContain(
      "\n- les pages légales et les tarifs de Kasa (conditions d'utilisation, confidentialité, cookies, " +
        'usage équitable, offres et prix)',
    );
    expect(answer).toContain('\n- vos conversations précédentes');
    expect(answer).not.toMatch(SET_UP_TEXT);
    expect(answer).toContain("Cette question n'a pas été comptée dans vos messages du mois.");
    expect(answer).not.toContain('](/legal/');
    expect(answer).not.toContain('I searched');
  });

  it('answers from the last user message, not the earlier ones', async () => {
    const answer = (await collect(model.stream(ask('How do I delete my account?')))).join('');
    expect(answer).toMatch(/\]\(\/legal\/(terms|privacy)\)/);
    expect(answer).not.toContain('maize');
  });

  it('stops streaming quietly when the signal aborts', async () => {
    const controller = new AbortController();
    const full = await collect(model.stream(ask('How much does Pro cost?')));
    const chunks: string[] = [];
    for await (const chunk of model.stream(ask('How much does Pro cost?', controller.signal))) {
      chunks.push(chunk);
      if (chunks.length === 3) controller.abort();
    }
    expect(chunks).toHaveLength(3);
    expect(full.length).toBeGreaterThan(3);
  });

  describe('the legal pages as a knowledge source', () => {
    it('finds sections with titles, in-app links, ranks and plain excerpts', async () => {
      const hits = await knowledge.search({ text: 'cookie analytics marketing', userId: 'user-a', limit: 5 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]).toEqual(
        expect.objectContaining({
          source: 'legal',
          url: '/legal/cookies',
          title: expect.stringMatching(/^Cookie Policy/),
        }),
      );
      for (const hit of hits) {
        expect(hit.excerpt.length).toBeGreaterThan(20);
        expect(hit.excerpt).not.toMatch(/\*\*|\n/);
        expect(hit.rank).toBeGreaterThan(0);
      }
      const ranks = hits.map((hit) => hit.rank);
      expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
      expect(hits.length).toBeLessThanOrEqual(5);
    });

    it("links the fair use page at its route slug ('fair-use')", async () => {
      const hits = await knowledge.search({ text: 'fair use monthly limits', userId: 'user-a', limit: 3 });
      expect(hits.map((hit) => hit.url)).toContain('/legal/fair-use');
    });

    it('is not per user: every user gets the same hits', async () => {
      const query = { text: 'What data do you keep about me?', limit: 4 };
      const forA = await knowledge.search({ ...query, userId: 'user-a' });
      const forB = await knowledge.search({ ...query, userId: 'someone-else' });
      expect(forA.length).toBeGreaterThan(0);
      expect(forB).toEqual(forA);
    });

    it('treats search syntax and SQL in the question as plain words', async () => {
      for (const text of ["'; DROP TABLE legal_page; --", '"unterminated -pricing OR (', ':* & | !']) {
        await expect(knowledge.search({ text, userId: 'user-a', limit: 3 })).resolves.toEqual(
          expect.any(Array),
        );
      }
      const hits = await knowledge.search({ text: 'pricing', userId: 'user-a', limit: 3 });
      expect(hits.length).toBeGreaterThan(0);
    });

    it("drops every word of ENGLISH_STOP_WORDS, as PostgreSQL's english configuration does", async () => {
      const rows: Array<{ word: string }> = await ctx.app
        .get(DataSource)
        .query(
          `SELECT w AS word FROM unnest($1::text[]) AS w WHERE to_tsvector('english', w) <> ''::tsvector`,
          [[...ENGLISH_STOP_WORDS]],
        );
      expect(rows).toEqual([]);
    });

    it('finds nothing for an empty question', async () => {
      await expect(knowledge.search({ text: '   ', userId: 'user-a', limit: 3 })).resolves.toEqual([]);
    });
  });
});

describe('chat engine chosen by configuration', () => {
  it('is the OpenAI-compatible adapter when OPENAI_BASE_URL is set, talking to that server', async () => {
    const fake = await startFakeOpenAi();
    const ctx = await createTestApp('ai_engine', {
      env: { OPENAI_BASE_URL: fake.baseUrl, CHAT_MODEL: 'llama3.2' },
    });
    try {
      const model = ctx.app.get<ChatModel>(CHAT_MODEL);
      expect(model.engine).toBe('openai-compatible');
      expect(model.model).toBe('llama3.2');
      fake.script({ kind: 'stream', chunks: ['Hello ', 'farmer'], flavor: 'ollama' });
      const answer = (await collect(model.stream(ask('Hi')))).join('');
      expect(answer).toBe('Hello farmer');
      expect(fake.requests[0].body.model).toBe('llama3.2');
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
