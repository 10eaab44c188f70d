import type { KnowledgeHit } from '../../ai/knowledge/knowledge-source';
import { FOLLOW_UP_MAX_LENGTH } from './parse-follow-ups';
import { relatedTopicQuestions, topicOf } from './related-topics';

const hit = (title: string, source = 'legal'): KnowledgeHit => ({
  source,
  title,
  excerpt: '…',
  rank: 0.5,
  matchedTerms: [0],
});

describe('relatedTopicQuestions', () => {
  const base = { reply: '', conversationTitle: 'Maize planting', language: 'en' as const };

  it('asks about the best sources the reply did not quote, in order, at most three', () => {
    const reply = '**[Pricing — Pro plan](/legal/pricing)**\n> Pro costs…';
    const questions = relatedTopicQuestions({
      ...base,
      reply,
      hits: [
        hit('Pricing — Pro plan'),
        hit('Pricing — Refunds'),
        hit('Research: Cocoa prices', 'research'),
        hit('soil-test.pdf', 'uploads'),
        hit('Terms of Use — Payments'),
      ],
    });
    expect(questions).toEqual([
      'Tell me more about Pricing — Refunds',
      'Tell me more about Cocoa prices',
      'Tell me more about soil-test.pdf',
    ]);
  });

  it('recognises a quoted title whose brackets the reply escaped', () => {
    const questions = relatedTopicQuestions({
      ...base,
      reply: '**Notes \\[draft\\].pdf**\n> …',
      hits: [hit('Notes [draft].pdf', 'uploads'), hit('Privacy — Your data')],
    });
    expect(questions).toEqual(['Tell me more about Privacy — Your data']);
  });

  it("asks in French, and never about the user's own conversations, the conversation itself or a topic twice", () => {
    const questions = relatedTopicQuestions({
      ...base,
      language: 'fr',
      hits: [
        hit('Conversation: Zebu vaccines', 'conversations'),
        hit('Research: Maize planting', 'research'),
        hit('Pricing — Refunds'),
        hit('Research: pricing — refunds', 'research'),
      ],
    });
    expect(questions).toEqual(['Parlez-moi de Pricing — Refunds']);
  });

  it('answers [] when there is nothing left to suggest', () => {
    expect(relatedTopicQuestions({ ...base, hits: [] })).toEqual([]);
    expect(relatedTopicQuestions({ ...base, reply: 'Pricing', hits: [hit('Pricing')] })).toEqual([]);
  });

  it('shortens a long title at a word so the question fits a chip', () => {
    const long = `Research: ${'Cassava mosaic disease control '.repeat(8).trim()}`;
    const [question] = relatedTopicQuestions({ ...base, hits: [hit(long, 'research')] });
    expect(question.length).toBeLessThanOrEqual(FOLLOW_UP_MAX_LENGTH);
    expect(question).toMatch(/^Tell me more about Cassava mosaic disease control .*\w…$/);
  });
});

describe('topicOf', () => {
  it("drops a source's one-word label and extra spaces, and keeps other colons", () => {
    expect(topicOf('Research:  Cocoa   prices')).toBe('Cocoa prices');
    expect(topicOf('Dictionary: water → eau (French, curated)')).toBe('water → eau (French, curated)');
    // French titles put a space before the colon.
    expect(topicOf('Recherche : Prix du cacao')).toBe('Prix du cacao');
    expect(topicOf('Dictionnaire : water → ruwa (Hausa, ASJP)')).toBe('water → ruwa (Hausa, ASJP)');
    expect(topicOf('Terms of Use — Payments: refunds')).toBe('Terms of Use — Payments: refunds');
  });
});
