import {
  composeOfflineAnswer,
  OFFLINE_ANSWER_OPENINGS,
  OFFLINE_TEXTS,
  wordGroups,
} from './offline-advisor.model';

describe('composeOfflineAnswer', () => {
  const hit = {
    source: 'legal',
    title: 'Pricing — Plans [2026]',
    excerpt: 'Pro costs USD 4.\nper month',
    rank: 0.5,
    matchedTerms: [0],
    url: '/legal/pricing',
  };
  const sources = ["Kasa's legal pages and pricing", 'your earlier conversations'];

  it('puts the notice first, then each hit as a linked title and a quote, and no list of sources', () => {
    const answer = composeOfflineAnswer('en', 'Kasa', [hit], sources);
    expect(answer.startsWith(OFFLINE_TEXTS.en.notice('Kasa'))).toBe(true);
    expect(answer).toContain(
      `${OFFLINE_TEXTS.en.found}\n\n**[Pricing — Plans \\[2026\\]](/legal/pricing)**\n> Pro costs USD 4. per month`,
    );
    expect(answer).not.toContain(OFFLINE_TEXTS.en.searched);
  });

  it('without hits says plainly that nothing relevant was found, lists the sources and how to get an answer', () => {
    expect(composeOfflineAnswer('en', 'Kasa', [], sources)).toBe(
      `${OFFLINE_TEXTS.en.notice('Kasa')}\n\n` +
        'I found nothing relevant to your question in my sources, so I will not guess an answer.\n\n' +
        "I searched:\n\n- Kasa's legal pages and pricing\n- your earlier conversations\n\n" +
        OFFLINE_TEXTS.en.connectModel,
    );
  });

  it('says it in French to a French question', () => {
    const answer = composeOfflineAnswer('fr', 'Kasa', [], ['les pages légales de Kasa']);
    expect(answer).toBe(
      `${OFFLINE_TEXTS.fr.notice('Kasa')}\n\n${OFFLINE_TEXTS.fr.nothingRelevant}\n\n` +
        `J'ai cherché dans :\n\n- les pages légales de Kasa\n\n${OFFLINE_TEXTS.fr.connectModel}`,
    );
  });

  it('says so when no source is registered at all', () => {
    expect(composeOfflineAnswer('en', 'Kasa', [], [])).toContain(
      'Kasa has no local knowledge to search yet.',
    );
  });

  it('opens every answer with the fixed opening sources use to recognise it', () => {
    for (const language of ['en', 'fr'] as const)
      expect(
        composeOfflineAnswer(language, 'Kasa', [], sources).startsWith(OFFLINE_ANSWER_OPENINGS[language]),
      ).toBe(true);
  });

  it('uses the configured product name', () => {
    expect(composeOfflineAnswer('en', 'Shamba', [], sources)).toContain("Shamba's local knowledge");
  });
});

describe('wordGroups', () => {
  it('splits into groups of words that join back to the exact text', () => {
    const text = '**No AI model** is connected.\n\n> quoted  text';
    const groups = wordGroups(text, 3);
    expect(groups.join('')).toBe(text);
    expect(groups).toEqual(['**No AI model** ', 'is connected.\n\n> ', 'quoted  text']);
  });
});
