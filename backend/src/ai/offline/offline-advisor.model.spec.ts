import type { ChatModelRequest } from '../chat-model.port';
import type { KnowledgeSearchService } from '../knowledge/knowledge-search.service';
import type { KnowledgeHit } from '../knowledge/knowledge-source';
import {
  composeOfflineAnswer,
  OFFLINE_TEXTS,
  OfflineAdvisorModel,
  wordGroups,
} from './offline-advisor.model';

/** What an operator sets to connect a model: never part of an answer (the chat's notice says it). */
const SET_UP_WORDS = /OPENAI_BASE_URL|OPENAI_API_KEY|CHAT_MODEL|README|administrat|No AI model|Aucun modèle/;

describe('composeOfflineAnswer', () => {
  const hit: KnowledgeHit = {
    source: 'legal',
    title: 'Pricing — Plans [2026]',
    excerpt: 'Pro costs USD 4.\nper month',
    rank: 0.5,
    matchedTerms: [0],
    url: '/legal/pricing',
  };
  const sources = ["Kasa's legal pages and pricing", 'your earlier conversations'];

  it('is only the answer: what was found, each hit as a linked title and a quote', () => {
    expect(composeOfflineAnswer('en', 'Kasa', [hit], sources)).toBe(
      `${OFFLINE_TEXTS.en.found}\n\n**[Pricing — Plans \\[2026\\]](/legal/pricing)**\n> Pro costs USD 4. per month`,
    );
  });

  it('without hits says plainly that nothing relevant was found, where it looked, and that it cost no message', () => {
    expect(composeOfflineAnswer('en', 'Kasa', [], sources)).toBe(
      'I found nothing relevant to your question in my sources, so I will not guess an answer.\n\n' +
        "I searched:\n\n- Kasa's legal pages and pricing\n- your earlier conversations\n\n" +
        'Try other words, or ask about what these sources cover. This question was not counted in your monthly messages.',
    );
  });

  it('says it in French to a French question', () => {
    expect(composeOfflineAnswer('fr', 'Kasa', [], ['les pages légales de Kasa'])).toBe(
      "Je n'ai rien trouvé de pertinent pour votre question dans mes sources, je ne vais donc pas " +
        "inventer de réponse.\n\nJ'ai cherché dans :\n\n- les pages légales de Kasa\n\n" +
        'Essayez d’autres mots, ou posez une question sur ce que ces sources contiennent. Cette question ' +
        "n'a pas été comptée dans vos messages du mois.",
    );
  });

  it('says so when no source is registered at all, with the configured product name', () => {
    expect(composeOfflineAnswer('en', 'Shamba', [], [])).toContain(
      'Shamba has no local knowledge to search yet.',
    );
  });

  it('never opens with the set-up text nor names a setting, in either language', () => {
    for (const language of ['en', 'fr'] as const)
      for (const hits of [[hit], []])
        expect(composeOfflineAnswer(language, 'Kasa', hits, sources)).not.toMatch(SET_UP_WORDS);
    expect(OFFLINE_TEXTS.en.cannotSeeImages(['field.png'])).not.toMatch(SET_UP_WORDS);
    expect(OFFLINE_TEXTS.fr.cannotSeeImages(['champ.png'])).not.toMatch(SET_UP_WORDS);
  });
});

describe('OfflineAdvisorModel', () => {
  /** The advisor over a search that answers `hits`; the stream's text and its return value. */
  async function answer(hits: KnowledgeHit[], request: Partial<ChatModelRequest> = {}) {
    const knowledge = {
      search: () => Promise.resolve(hits),
      sourceDescriptions: () => ['your earlier conversations'],
    } as unknown as KnowledgeSearchService;
    const model = new OfflineAdvisorModel(knowledge, { appName: 'Kasa', chunkDelayMs: 0 });
    const iterator = model.stream({
      messages: [{ role: 'user', content: 'When do I plant maize?' }],
      userId: 'user-1',
      signal: new AbortController().signal,
      ...request,
    });
    let text = '';
    for (;;) {
      const next = await iterator.next();
      if (next.done) return { text, outcome: next.value };
      text += next.value;
    }
  }
  const maizeHit: KnowledgeHit = {
    source: 'conversations',
    title: 'Conversation: Maize',
    excerpt: 'Plant maize with the first rains.',
    rank: 0.4,
    matchedTerms: [0, 1],
  };

  it('returns nothingFound when it quoted nothing', async () => {
    const { text, outcome } = await answer([]);
    expect(text).toContain(OFFLINE_TEXTS.en.nothingRelevant);
    expect(outcome).toEqual({ nothingFound: true });
  });

  it('returns nothingFound false when it quoted a source', async () => {
    const { text, outcome } = await answer([maizeHit]);
    expect(text.startsWith(OFFLINE_TEXTS.en.found)).toBe(true);
    expect(outcome).toEqual({ nothingFound: false });
  });

  it("counts an attached file's passages as found", async () => {
    const { outcome } = await answer([], {
      attachments: [{ name: 'plan.txt', mimeType: 'text/plain', text: 'Plant maize in March.' }],
    });
    expect(outcome).toEqual({ nothingFound: false });
  });
});

describe('wordGroups', () => {
  it('splits into groups of words that join back to the exact text', () => {
    const text = '**Here is** what I found.\n\n> quoted  text';
    const groups = wordGroups(text, 3);
    expect(groups.join('')).toBe(text);
    expect(groups).toEqual(['**Here is** what ', 'I found.\n\n> ', 'quoted  text']);
  });
});
