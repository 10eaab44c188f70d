import { questionTerms } from '../ai/knowledge/question-terms';
import type { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { AppConfig } from '../config';
import { LegalKnowledgeSource, legalPageUrl } from './legal-knowledge.source';
import type { LegalRepository, LegalSectionMatch } from './legal.repository';

const config = { appName: 'Kasa', assistantName: 'Ada' } as AppConfig;

function sourceWith(sections: LegalSectionMatch[]) {
  const findKnowledgeSections = jest.fn(async () => sections);
  const repository = { findKnowledgeSections } as unknown as LegalRepository;
  const source = new LegalKnowledgeSource(repository, config, {} as KnowledgeSearchService);
  return { source, findKnowledgeSections };
}

const query = (text: string) => ({ text, userId: 'u1', limit: 4, terms: questionTerms(text) });

describe('LegalKnowledgeSource', () => {
  it('searches the French pages for a French question and the English ones for an English question', async () => {
    const { source, findKnowledgeSections } = sourceWith([]);
    await source.search(query("Combien coûte l'abonnement Pro ?"));
    await source.search(query('How much does Pro cost?'));
    expect(findKnowledgeSections.mock.calls.map((call) => call.at(-1))).toEqual(['fr', 'en']);
  });

  it("quotes a section under its page's title and heading, names filled in, linked at the route slug", async () => {
    const { source } = sourceWith([
      {
        type: 'fair_use',
        title: "Politique d'utilisation équitable de {{APP_NAME}}",
        heading: 'Limites mensuelles',
        excerpt: '**Messages** : un pour chaque message.',
        rank: 0.4,
        matchedTerms: [0],
      },
    ]);
    await expect(source.search(query('Quelles sont les limites ?'))).resolves.toEqual([
      {
        source: 'legal',
        title: "Politique d'utilisation équitable de Kasa — Limites mensuelles",
        excerpt: 'Messages : un pour chaque message.',
        rank: 0.4,
        matchedTerms: [0],
        url: '/legal/fair-use',
      },
    ]);
    expect(legalPageUrl('fair_use')).toBe('/legal/fair-use');
  });

  it('does not query for a question without terms', async () => {
    const { source, findKnowledgeSections } = sourceWith([]);
    await expect(source.search(query('What should I do?'))).resolves.toEqual([]);
    expect(findKnowledgeSections).not.toHaveBeenCalled();
  });
});
